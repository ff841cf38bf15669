// Hero slideshow, wide screens only (the caller renders it only at >= 992 px, so phones request no image).
// Every 5 s the next of 13 slides; each image stays blurred until it has loaded. Slides already shown stay
// mounted (stacked) so going round again costs no request; only the current one is visible.
// WCAG 2.2.2: a pause button stops the rotation; reduced-motion users start paused.
import { useEffect, useState } from 'react';
import { HERO_INTERVAL_MS } from '../constants';
import { HERO_SLIDES, heroSlideUrl, nextSlide } from './hero-slides';

export default function HeroSlideshow() {
  const [current, setCurrent] = useState(0);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const [paused, setPaused] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setCurrent((index) => nextSlide(index)), HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  useEffect(() => {
    setShown((set) => (set.has(current) ? set : new Set(set).add(current)));
  }, [current]);

  return (
    <div className="home-hero__media" data-testid="hero-slideshow">
      <div className="home-hero__frame">
        {HERO_SLIDES.map((slide, index) =>
          shown.has(index) || index === current ? (
            <img
              key={slide.file}
              src={heroSlideUrl(slide.file)}
              alt=""
              width={640}
              height={480}
              decoding="async"
              fetchPriority={index === 0 ? 'high' : 'auto'}
              className="home-hero__slide"
              data-current={index === current || undefined}
              data-loaded={loaded.has(index) || undefined}
              onLoad={() => setLoaded((set) => new Set(set).add(index))}
            />
          ) : null,
        )}
        <p className="home-hero__caption" aria-live="off">
          {HERO_SLIDES[current].label}
        </p>
      </div>
      <button
        type="button"
        className="home-hero__pause"
        aria-pressed={paused}
        onClick={() => setPaused((value) => !value)}
      >
        {paused ? 'Riprendi le immagini' : 'Metti in pausa le immagini'}
      </button>
    </div>
  );
}
