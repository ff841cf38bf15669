import { describe, expect, it } from 'vitest';
import { FEATURE_CATALOGUE as SUMMARIES, featureTabPath } from '../../client/src/features/site/feature-catalogue';
import { FEATURE_CATALOGUE, FEATURE_TAB_CONTENT, resolveFeatureRoute } from '../../client/src/features/site/feature-catalogue-content';
import { HERO_SLIDE_COUNT } from '../../client/src/features/site/constants';
import { HERO_SLIDES, nextSlide } from '../../client/src/features/site/home/hero-slides';

describe('feature catalogue', () => {
  it('has the spec’s four categories, routes and tabs', () => {
    expect(FEATURE_CATALOGUE.map((category) => [category.baseRoute, category.details.map((detail) => detail.tab)])).toEqual([
      ['/funzionalita/tesserati', ['libro-soci', 'iscrizioni-online', 'accesso-app', 'accesso-collaboratori']],
      ['/funzionalita/documenti', ['ricevute', 'contratti', 'firma-digitale', 'permessi-scolastici']],
      ['/funzionalita/contabilita', ['quote-tariffe', 'pagamenti-tracciati', 'scadenze', 'esportazione']],
      ['/feature/comunicazioni', ['avvisi', 'messaggi', 'allegati', 'storico']],
    ]);
  });

  it('gives every tab a title, a text, a description and exactly three points, and no text to unknown tabs', () => {
    for (const category of FEATURE_CATALOGUE) {
      for (const detail of category.details) {
        expect(detail.title && detail.text && detail.description).toBeTruthy();
        expect(detail.points).toHaveLength(3);
      }
    }
    const tabs = SUMMARIES.flatMap((category) => category.details.map((detail) => `${category.key}/${detail.tab}`));
    expect(Object.keys(FEATURE_TAB_CONTENT).sort()).toEqual([...tabs].sort());
  });

  it('resolves a URL to its category and tab; unknown tabs resolve to the category alone', () => {
    const found = resolveFeatureRoute('funzionalita', 'documenti', 'firma-digitale');
    expect(found?.category.key).toBe('documenti');
    expect(found?.detail?.title).toBe('Firma digitale');
    expect(featureTabPath(found!.category, found!.detail!)).toBe('/funzionalita/documenti/firma-digitale');

    const unknownTab = resolveFeatureRoute('feature', 'comunicazioni', 'non-esiste');
    expect(unknownTab?.category.key).toBe('comunicazioni');
    expect(unknownTab?.detail).toBeUndefined();
    expect(resolveFeatureRoute('feature', 'comunicazioni', undefined)?.detail).toBeUndefined();
  });

  it('knows no category outside its own base route', () => {
    expect(resolveFeatureRoute('funzionalita', 'inesistente', 'libro-soci')).toBeUndefined();
    expect(resolveFeatureRoute('feature', 'tesserati', 'libro-soci')).toBeUndefined();
    expect(resolveFeatureRoute('funzionalita', 'comunicazioni', 'avvisi')).toBeUndefined();
  });
});

describe('hero slides', () => {
  it('are 13 and go round', () => {
    expect(HERO_SLIDES).toHaveLength(HERO_SLIDE_COUNT);
    expect(HERO_SLIDE_COUNT).toBe(13);
    expect(nextSlide(0)).toBe(1);
    expect(nextSlide(12)).toBe(0);
  });
});
