import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from '../../client/src/lib/return-to';

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnTo('/athlete?tp=Under 14')).toBe('/athlete?tp=Under%2014');
    expect(safeReturnTo('/club/member#top')).toBe('/club/member#top');
  });

  it('falls back to /dashboard for missing, foreign or looping targets', () => {
    for (const value of [null, undefined, '', 'dashboard', 'https://evil.example', '//evil.example/x', '/\\evil.example', '/login', '/login?returnTo=%2Fx', '/signup', '/forgot-password']) {
      expect(safeReturnTo(value)).toBe('/dashboard');
    }
  });
});

describe('loginPathFor', () => {
  it('remembers path and query', () => {
    expect(loginPathFor('/athlete', '?tp=U14')).toBe('/login?returnTo=%2Fathlete%3Ftp%3DU14');
    expect(loginPathFor('/dashboard')).toBe('/login?returnTo=%2Fdashboard');
  });
});
