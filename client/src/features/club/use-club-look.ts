// The current club's name, logo, colours and season for the top bar and the admin tint. The session holds them
// from sign-in (passed in by the app layer: features do not import each other); once the cache has the club (the
// /club pages' query, or a save's answer) the cache wins, so a saved logo or colour shows at once, without a reload.
import { useFragment } from '@apollo/client/react';
import type { ClubLook_ClubFragment } from '../../gql/graphql';
import { ClubLookFragment } from './club-documents';

export type ClubLook = ClubLook_ClubFragment;
export type SessionClub = Omit<ClubLook, 'hasUploadedLogo' | '__typename'>;

export function useClubLook(sessionClub: SessionClub | null | undefined): ClubLook | null {
  const cached = useFragment({ fragment: ClubLookFragment, from: { __typename: 'Club', id: sessionClub?.id ?? '' } });
  if (!sessionClub) return null;
  if (cached.complete) return cached.data;
  return { ...sessionClub, hasUploadedLogo: !!sessionClub.logoUrl?.startsWith('/files/') };
}
