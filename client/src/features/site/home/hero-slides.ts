// The hero's 13 slides (spec §9): the product's own SVG artwork under client/public/hero/.
export const HERO_SLIDES = [
  { file: '01-calcio.svg', label: 'Calcio' },
  { file: '02-basket.svg', label: 'Basket' },
  { file: '03-pallavolo.svg', label: 'Pallavolo' },
  { file: '04-tennis.svg', label: 'Tennis' },
  { file: '05-nuoto.svg', label: 'Nuoto' },
  { file: '06-atletica.svg', label: 'Atletica leggera' },
  { file: '07-rugby.svg', label: 'Rugby' },
  { file: '08-ciclismo.svg', label: 'Ciclismo' },
  { file: '09-arti-marziali.svg', label: 'Arti marziali' },
  { file: '10-padel.svg', label: 'Padel' },
  { file: '11-arrampicata.svg', label: 'Arrampicata sportiva' },
  { file: '12-crossfit.svg', label: 'Crossfit' },
  { file: '13-multisport.svg', label: 'Polisportive' },
] as const;

export const heroSlideUrl = (file: string): string => `/hero/${file}`;

/** The slide after `index`, wrapping around. */
export const nextSlide = (index: number, count: number = HERO_SLIDES.length): number => (index + 1) % count;
