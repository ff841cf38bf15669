// The personal area's notifications (web push of the notices, "avvisi"): loaded into the area's service worker
// (sw.js, written by vite-plugin-pwa) through workbox's importScripts (client/vite.config.ts). The server pushes
// `{ title, body, url, tag, urgent }`; a push without data still shows something (browsers require it of a
// userVisibleOnly subscription). A click closes the notification and brings the area forward: an open window of the
// area if there is one (sent to the notice's address), else a new one. Plain JavaScript: it is not bundled.
/* global self, clients, URL */

const CAMPOBASE_PUSH_ICON = '/icons/pwa-192.png';
const CAMPOBASE_PUSH_BADGE = '/icons/pwa-maskable-192.png';
const CAMPOBASE_AREA = '/area';

/** The notification a push payload shows (exposed on self: the e2e tests call it too). */
self.campobaseShowPush = (payload) => {
  const data = payload && typeof payload === 'object' ? payload : {};
  const title = typeof data.title === 'string' && data.title ? data.title : 'Nuovo avviso';
  const body = typeof data.body === 'string' && data.body ? data.body : 'Apri l’area personale per leggerlo.';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : CAMPOBASE_AREA;
  return self.registration.showNotification(title, {
    body,
    tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
    data: { url },
    icon: CAMPOBASE_PUSH_ICON,
    badge: CAMPOBASE_PUSH_BADGE,
    requireInteraction: data.urgent === true,
    lang: 'it',
  });
};

/** A push's JSON, or null (no data, or not JSON). */
function campobasePushPayload(event) {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  event.waitUntil(self.campobaseShowPush(campobasePushPayload(event)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || CAMPOBASE_AREA;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const area = windows.find((client) => new URL(client.url).pathname.startsWith(CAMPOBASE_AREA));
      if (area) return area.focus().then((focused) => (focused && 'navigate' in focused ? focused.navigate(url) : focused)).catch(() => clients.openWindow(url));
      return clients.openWindow(url);
    }),
  );
});
