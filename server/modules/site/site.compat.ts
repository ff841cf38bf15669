// GET /api/site-config (public): {status: true, context: {analytics_id, controller: {name, address, vat_number,
// email, pec, configured}, offer: {free_until, price_locked_until}}, message: ''}. Documented in docs/api/leads.md ("Site configuration").
import { ok } from '../../compat/envelope';
import type { LegacyRoute } from '../../compat/router';
import { siteConfig } from './site-config.service';

export const siteLegacyRoutes: LegacyRoute[] = [
  {
    path: '/site-config',
    method: 'GET',
    handler: async (ctx) => {
      const { analyticsId, controller, offer } = siteConfig(ctx.deps.config);
      return ok({
        analytics_id: analyticsId,
        controller: {
          name: controller.name,
          address: controller.address,
          vat_number: controller.vatNumber,
          email: controller.email,
          pec: controller.pec,
          configured: controller.configured,
        },
        offer: { free_until: offer.freeUntil, price_locked_until: offer.priceLockedUntil },
      });
    },
  },
];
