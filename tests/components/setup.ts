// Component tests (jsdom): the app's requests go to the run's real server (component-server-setup.ts). The app's
// Apollo client asks for '/graphql', a path only a page's origin resolves; here it is resolved against the server.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

const serverUrl = inject('componentServerUrl');
const nodeFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' && input.startsWith('/') ? `${serverUrl}${input}` : input, init);

// findBy* and waitFor poll until their condition holds; their default second is too short when the whole suite
// shares two cores: on 1 December the focus after a refusal took longer than that in a full run, and passed alone.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// What jsdom lacks and the UI kit asks for.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) =>
      ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList,
  });
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
