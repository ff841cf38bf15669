// Count types several faces answer (the organisations' API statistics and the organisation portal).
import type { CertificateTotals } from '../modules/federation/federation.service';
import { builder } from './builder';

export const LabelCountRef = builder.objectRef<{ label: string; count: number }>('LabelCount').implement({
  fields: (t) => ({ label: t.exposeString('label'), count: t.exposeInt('count') }),
});

export const CertificateCountsRef = builder.objectRef<CertificateTotals>('CertificateCounts').implement({
  description: "Current athletes' medical certificates: valid (after today + 30 days), expiring (today to today + 30), expired, missing (no date).",
  fields: (t) => ({
    valid: t.exposeInt('valid'),
    expiring: t.exposeInt('expiring'),
    expired: t.exposeInt('expired'),
    missing: t.exposeInt('missing'),
  }),
});
