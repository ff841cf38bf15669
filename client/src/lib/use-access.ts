// The current club's rights as a hook (see access.ts): follows the session, so a switch of club or a changed role
// re-renders what depends on it.
import { useMemo } from 'react';
import { accessOf, type Access } from './access';
import { useSession } from './session';

export function useAccess(): Access {
  const { membership } = useSession();
  return useMemo(() => accessOf(membership), [membership]);
}
