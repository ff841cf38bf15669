// Public site configuration from the server (GET /api/site-config): the analytics id, the data controller's
// details shown on the legal pages and the dates of the founding-tester offer. Fetched once per page load and
// shared; plain fetch (no Apollo here).
import { useEffect, useState } from 'react';

export interface DataController {
  name: string;
  address: string;
  vat_number: string;
  email: string;
  pec?: string | null;
  /** false while the server shows its example controller (LEGAL_* not set). */
  configured?: boolean;
}

export interface SiteConfig {
  analytics_id: string | null;
  controller: DataController;
  sales_email?: string | null;
  /** The founding-tester offer's last months, YYYY-MM (OFFER_FREE_UNTIL, OFFER_PRICE_LOCKED_UNTIL); see offer.ts. */
  offer?: { free_until: string; price_locked_until: string };
}

let pending: Promise<SiteConfig | null> | undefined;

/** The site configuration, or null when the server cannot be reached (callers keep their placeholders). */
export function loadSiteConfig(): Promise<SiteConfig | null> {
  pending ??= fetch('/api/site-config', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { status?: boolean; context?: SiteConfig };
      return body.status && body.context ? body.context : null;
    })
    .catch(() => null)
    .then((config) => {
      // Forget failures, so a later page can try again.
      if (!config) pending = undefined;
      return config;
    });
  return pending;
}

/** undefined while loading, null when unavailable. */
export function useSiteConfig(): SiteConfig | null | undefined {
  const [config, setConfig] = useState<SiteConfig | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void loadSiteConfig().then((value) => {
      if (alive) setConfig(value);
    });
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
