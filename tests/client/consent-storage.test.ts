import { describe, expect, it } from 'vitest';
import { analyticsScriptUrl } from '../../client/src/features/site/consent/analytics';
import {
  CONSENT_MAX_AGE_DAYS,
  CONSENT_STORAGE_KEY,
  parseConsent,
  readConsent,
  writeConsent,
} from '../../client/src/features/site/consent/consent-storage';

const now = new Date('2026-03-01T10:00:00Z');

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('cookie consent storage', () => {
  it('writes {analytics, decidedAt} under campobase.consent and reads it back', () => {
    const storage = memoryStorage();
    expect(writeConsent(true, storage, now)).toEqual({ analytics: true, decidedAt: '2026-03-01T10:00:00.000Z' });
    expect(JSON.parse(storage.values.get(CONSENT_STORAGE_KEY)!)).toEqual({ analytics: true, decidedAt: '2026-03-01T10:00:00.000Z' });
    expect(readConsent(storage, now)).toMatchObject({ analytics: true });
    writeConsent(false, storage, now);
    expect(parseConsent(storage.getItem(CONSENT_STORAGE_KEY), now)).toEqual({ analytics: false, decidedAt: now.toISOString() });
  });

  it('treats missing, malformed or incomplete values as undecided', () => {
    for (const raw of [null, '', 'sì', '[]', '{}', '{"analytics":"true","decidedAt":"2026-01-01"}', '{"analytics":true}', '{"analytics":true,"decidedAt":"ieri"}']) {
      expect(parseConsent(raw, now)).toBeNull();
    }
  });

  it('asks again after six months', () => {
    const decidedAt = (days: number) => JSON.stringify({ analytics: false, decidedAt: new Date(now.getTime() - days * 86_400_000).toISOString() });
    expect(parseConsent(decidedAt(CONSENT_MAX_AGE_DAYS - 1), now)).not.toBeNull();
    expect(parseConsent(decidedAt(CONSENT_MAX_AGE_DAYS + 1), now)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('disabled');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readConsent(broken)).toBeNull();
    expect(writeConsent(true, broken, now)).toMatchObject({ analytics: true });
  });

  it('builds the Google tag URL from the configured id', () => {
    expect(analyticsScriptUrl('G-AB12CD34EF')).toBe('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');
  });
});
