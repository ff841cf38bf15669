// Session and club tokens in localStorage (spec §9: two product-specific keys).
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../../schema/constants';

function read(key: string): string | null {
  try {
    const value = window.localStorage.getItem(key);
    return value && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // storage disabled (private mode, quota): the session simply will not survive a reload
  }
}

export const readSessionToken = (): string | null => read(SESSION_STORAGE_KEY);
export const readClubToken = (): string | null => read(CLUB_STORAGE_KEY);

export function storeSessionToken(token: string): void {
  write(SESSION_STORAGE_KEY, token);
}

export function storeClubToken(token: string | null): void {
  write(CLUB_STORAGE_KEY, token);
}

export function clearStoredTokens(): void {
  write(SESSION_STORAGE_KEY, null);
  write(CLUB_STORAGE_KEY, null);
}
