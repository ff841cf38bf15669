// Google tag (gtag.js) loader. Called ONLY after the visitor accepted analytics cookies (see consent-store.ts);
// never injected without a configured id. The init runs here, not as an inline script (the CSP forbids those).
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const ANALYTICS_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';
let loadedId: string | undefined;

export function analyticsScriptUrl(id: string): string {
  return `${ANALYTICS_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
}

/** Injects gtag.js once per page and initialises the tag. */
export function loadAnalytics(id: string): void {
  if (!id || loadedId === id) return;
  loadedId = id;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js expects the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = analyticsScriptUrl(id);
  script.dataset.campobaseAnalytics = id;
  document.head.appendChild(script);
}
