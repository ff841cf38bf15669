// When a club's member must have signed in with the second factor (TOTP) to act in it: the club asks it of the
// roles that read health data (permission `health.read`). Checked once per request, where the membership is
// resolved (auth/viewer.ts), so every face and every operation of that club is covered.
import type { ClubRole } from './permissions';
import { roleAllows } from './permissions';

export function clubRequiresSecondFactor(club: { requireTwoFactorForHealth: boolean }, role: ClubRole): boolean {
  return club.requireTwoFactorForHealth && roleAllows(role, 'health.read');
}
