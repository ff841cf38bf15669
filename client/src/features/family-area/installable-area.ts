// The personal area as an app for the phone (PWA, issue 36 point 4): while its pages are open, the page names the web
// app manifest (name, icons, start at /area) and registers the service worker, whose scope is /area only: it keeps
// the app's shell for the area's pages (an offline start shows the offline notice, not a broken page) and never
// stands between the admin pages and the network. The manifest and the worker are written by the build
// (client/vite.config.ts, vite-plugin-pwa).
import { useEffect } from 'react';

const MANIFEST_PATH = '/manifest.webmanifest';
const SERVICE_WORKER_PATH = '/sw.js';
const AREA_SCOPE = '/area';

function headLink(rel: string, href: string): () => void {
  if (document.head.querySelector(`link[rel="${rel}"]`)) return () => undefined;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
  return () => link.remove();
}

export function useInstallableArea(): void {
  useEffect(() => {
    const removeManifest = headLink('manifest', MANIFEST_PATH);
    const removeIcon = headLink('apple-touch-icon', '/icons/apple-touch-icon-180.png');
    // Only in the built app: the development server has no worker to register.
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: AREA_SCOPE }).catch((error: unknown) => console.warn('service worker not registered', error));
    }
    return () => {
      removeManifest();
      removeIcon();
    };
  }, []);
}
