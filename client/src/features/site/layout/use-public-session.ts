// The top bar's view of the session: signed in when a session token is stored. Logout with plain fetch (the
// public site does not load Apollo): revoke on the server, then forget both tokens whatever the answer.
import { useCallback, useEffect, useState } from 'react';
import { SESSION_STORAGE_KEY } from '../../../../../schema/constants';
import { clearStoredTokens, readSessionToken } from '../../../lib/session-storage';

export function usePublicSession(): { signedIn: boolean; logout: () => Promise<void>; loggingOut: boolean } {
  const [signedIn, setSignedIn] = useState(() => readSessionToken() !== null);
  const [loggingOut, setLoggingOut] = useState(false);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SESSION_STORAGE_KEY) setSignedIn(readSessionToken() !== null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const logout = useCallback(async () => {
    const token = readSessionToken();
    setLoggingOut(true);
    try {
      if (token) {
        const response = await fetch('/api/logout', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        if (!response.ok) console.warn('Errore nel logout', response.status);
      }
    } catch (error) {
      // Spec §8: a logout failure is only logged locally.
      console.warn('Errore nel logout', error);
    } finally {
      clearStoredTokens();
      setSignedIn(false);
      setLoggingOut(false);
    }
  }, []);

  return { signedIn, logout, loggingOut };
}
