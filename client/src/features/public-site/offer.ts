// The founding-tester offer (spec §1, §9), written once for the home, /tester and /pricing.
export const FOUNDING_OFFER = {
  freeUntil: 'dicembre 2025',
  lockedFrom: 'gennaio',
  lockedUntil: 'luglio 2026',
  verificationHours: 24,
} as const;
