/**
 * What `virtual:pwa-register` (vite-plugin-pwa, generated at build) is in the web's tests (vitest.config.ts): no
 * service worker is registered in jsdom.
 */
export function registerSW(): () => Promise<void> {
  return async () => undefined;
}
