// The browser's side of the notices' web push in the personal area: whether this browser can receive notifications,
// its subscription on the area's service worker (scope /area, installable-area.ts; the worker's push handler is
// client/public/sw-push.js), subscribing with the server's VAPID key and unsubscribing. The pure parts (the key's
// decoding, the state, the words) are tested in tests/client/push-notifications.test.ts.

const AREA_SCOPE = '/area';
/** How long subscribing waits for the area's service worker to be active (it is registered as the area opens). */
const WORKER_WAIT_MS = 10_000;

/** What the section shows: no push in this browser, notifications blocked, or the switch. */
export type PushAvailability = 'unsupported' | 'denied' | 'available';

/** From the browser's globals (`navigator`, `window`): feature detection, then the permission. */
export function pushAvailability(nav: object, win: object): PushAvailability {
  if (!('serviceWorker' in nav) || !('PushManager' in win) || !('Notification' in win)) return 'unsupported';
  const permission = (win as { Notification: { permission?: string } }).Notification.permission;
  return permission === 'denied' ? 'denied' : 'available';
}

/** A VAPID public key as pushManager.subscribe takes it: base64url (padding optional) to bytes. */
export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** "Ricevono le notifiche: N dispositivi"; nothing for none. */
export function devicesText(count: number): string | null {
  if (count <= 0) return null;
  return `Ricevono le notifiche: ${count} ${count === 1 ? 'dispositivo' : 'dispositivi'}`;
}

/** The mutation's input from PushSubscription.toJSON(); null when the browser left out the keys. */
export function subscriptionInput(json: { endpoint?: string; keys?: Record<string, string> }, userAgent: string) {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent: userAgent.slice(0, 300) };
}

/** This browser's subscription on the area's worker; null when none (or no worker registered yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(AREA_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The area's worker, once active (subscribing needs one); fails after WORKER_WAIT_MS. */
function activeRegistration(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service worker not active')), WORKER_WAIT_MS);
    navigator.serviceWorker.ready.then(
      (registration) => {
        clearTimeout(timer);
        resolve(registration);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Asks the permission: false when not granted (the person said no or closed the question). */
export async function askPermission(): Promise<boolean> {
  return (await Notification.requestPermission()) === 'granted';
}

/** Subscribes this browser with the server's VAPID key (reusing a subscription it already has). */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
}
