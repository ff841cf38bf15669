// The personal area's web push, its pure parts: the VAPID key's decoding, what the section shows for the browser's
// support and permission, the devices line and the subscription's input for the server.
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, devicesText, pushAvailability, subscriptionInput } from '../../client/src/features/family-area/push-notifications';

describe('push notifications in the personal area', () => {
  it('decodes a base64url VAPID key, with or without padding', () => {
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('-_8=')]).toEqual([0xfb, 0xff]);
    const key = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    const encoded = Buffer.from(key).toString('base64url');
    expect(encoded).not.toContain('=');
    expect(base64UrlToBytes(encoded)).toEqual(key);
  });

  it('derives the state from the browser: unsupported, blocked, or the switch', () => {
    const nav = { serviceWorker: {} };
    expect(pushAvailability({}, { PushManager: {}, Notification: { permission: 'default' } })).toBe('unsupported');
    expect(pushAvailability(nav, { Notification: { permission: 'default' } })).toBe('unsupported');
    expect(pushAvailability(nav, { PushManager: {} })).toBe('unsupported');
    expect(pushAvailability(nav, { PushManager: {}, Notification: { permission: 'denied' } })).toBe('denied');
    expect(pushAvailability(nav, { PushManager: {}, Notification: { permission: 'default' } })).toBe('available');
    expect(pushAvailability(nav, { PushManager: {}, Notification: { permission: 'granted' } })).toBe('available');
  });

  it('counts the devices in Italian, nothing for none', () => {
    expect(devicesText(0)).toBeNull();
    expect(devicesText(1)).toBe('Ricevono le notifiche: 1 dispositivo');
    expect(devicesText(3)).toBe('Ricevono le notifiche: 3 dispositivi');
  });

  it("reads the subscription's JSON for the server, the browser's description cut to 300 characters", () => {
    const json = { endpoint: 'https://push.example/abc', keys: { p256dh: 'P', auth: 'A' } };
    expect(subscriptionInput(json, 'x'.repeat(400))).toEqual({ endpoint: 'https://push.example/abc', p256dh: 'P', auth: 'A', userAgent: 'x'.repeat(300) });
    expect(subscriptionInput({ endpoint: 'https://push.example/abc' }, 'ua')).toBeNull();
    expect(subscriptionInput({ keys: { p256dh: 'P', auth: 'A' } }, 'ua')).toBeNull();
  });
});
