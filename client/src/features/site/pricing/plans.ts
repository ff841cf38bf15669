// The three plans (spec §9). `priceText` is what "Scegli piano" stores as the selected plan's price.
export type PlanName = 'Gratis' | 'Pro' | 'Club';

export interface Plan {
  name: PlanName;
  /** Euro per month. */
  monthlyEuro: number;
  priceText: string;
  tagline: string;
  features: readonly string[];
  highlighted?: boolean;
}

const priceText = (euro: number): string => `${euro} €/mese`;

export const PLANS: readonly Plan[] = [
  {
    name: 'Gratis',
    monthlyEuro: 0,
    priceText: priceText(0),
    tagline: 'Per iniziare a mettere ordine, da soli.',
    features: ['1 utente', '5GB di spazio', 'Progetti pubblici', 'Supporto della community'],
  },
  {
    name: 'Pro',
    monthlyEuro: 9,
    priceText: priceText(9),
    tagline: 'Per il direttivo che lavora in squadra.',
    features: ['Fino a 5 utenti', '5GB di spazio', 'Progetti privati illimitati', 'Supporto dedicato', 'Dominio collegato gratuito'],
    highlighted: true,
  },
  {
    name: 'Club',
    monthlyEuro: 49,
    priceText: priceText(49),
    tagline: 'Per società e polisportive strutturate.',
    features: ['Utenti illimitati', '5GB di spazio', 'Supporto prioritario', 'Domini collegabili illimitati', 'Report mensili'],
  },
];

export function findPlan(name: string | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.name.toLowerCase() === name?.trim().toLowerCase());
}
