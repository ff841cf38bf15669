// Cookie consent state shared by the banner and the footer's "Gestisci cookie" link, and the single place
// that starts analytics: only once a decision with analytics=true exists.
import { useSyncExternalStore } from 'react';
import { loadSiteConfig } from '../../../lib/site-config';
import { readConsent, writeConsent, type ConsentDecision } from './consent-storage';

export type ConsentView = 'hidden' | 'banner' | 'preferences';

interface ConsentState {
  decision: ConsentDecision | null;
  view: ConsentView;
}

let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function current(): ConsentState {
  if (!state) {
    const decision = readConsent();
    state = { decision, view: decision ? 'hidden' : 'banner' };
  }
  return state;
}

function set(next: Partial<ConsentState>): void {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

/** Starts analytics if (and only if) the stored decision allows it and an id is configured. */
export function applyConsent(): void {
  if (!current().decision?.analytics) return;
  void loadSiteConfig().then((config) => {
    const id = config?.analytics_id;
    // The loader is its own chunk: a visitor who never accepts never downloads it.
    if (id && current().decision?.analytics) void import('./analytics').then(({ loadAnalytics }) => loadAnalytics(id));
  });
}

export function decideConsent(analytics: boolean): void {
  set({ decision: writeConsent(analytics), view: 'hidden' });
  if (analytics) applyConsent();
  // Withdrawn after acceptance: the tag already on the page stops collecting.
  else window.gtag?.('consent', 'update', { analytics_storage: 'denied' });
}

export function openConsentPreferences(): void {
  set({ view: 'preferences' });
}

export function showConsentBanner(): void {
  set({ view: 'banner' });
}

/** Escape: closes without deciding (analytics stays off; the banner returns on the next visit). */
export function dismissConsent(): void {
  set({ view: 'hidden' });
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    current,
  );
}
