// What the public site needs from the server's configuration: the analytics id (loaded only after cookie consent),
// the data controller named on the legal pages and the founding-tester offer's dates. Only public facts: never the sales or SMTP addresses.
import type { OfferDates, ServerConfig } from '../../config';

export interface SiteConfig {
  analyticsId: string | null;
  controller: { name: string; address: string; vatNumber: string; email: string; pec: string; configured: boolean };
  offer: OfferDates;
}

export function siteConfig(config: Pick<ServerConfig, 'analyticsId' | 'legal' | 'offer'>): SiteConfig {
  const { name, address, vatNumber, email, pec, configured } = config.legal;
  return { analyticsId: config.analyticsId ?? null, controller: { name, address, vatNumber, email, pec, configured }, offer: config.offer };
}
