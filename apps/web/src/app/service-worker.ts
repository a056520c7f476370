/** Service worker registration (spec 4): states go to console.debug only, never to the user. */
export const serviceWorkerUrl = '/sw.js';

const log = (state: string, detail?: unknown): void => {
  if (detail === undefined) console.debug(`[service worker] ${state}`);
  else console.debug(`[service worker] ${state}`, detail);
};

export const isLocalhost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

const unregisterAll = async (): Promise<void> => {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
};

/** On a local host a stale or missing worker file must not keep a broken worker alive. */
const workerFileIsValid = async (): Promise<boolean> => {
  try {
    const response = await fetch(serviceWorkerUrl, { headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    return response.status !== 404 && type.includes('javascript');
  } catch {
    return false;
  }
};

const watch = (registration: ServiceWorkerRegistration): void => {
  registration.addEventListener('updatefound', () => {
    log('updatefound');
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state !== 'installed') return;
      // With a controller this is an update; without one, the first install cached the app.
      if (navigator.serviceWorker.controller) log('updated');
      else log('cached');
    });
  });
};

const register = async (): Promise<void> => {
  try {
    const registration = await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' });
    log('registered');
    watch(registration);
    void navigator.serviceWorker.ready.then(() => log('ready'));
  } catch (error) {
    log('error', error);
  }
};

export const registerServiceWorker = (): void => {
  if (!('serviceWorker' in navigator)) return;
  let reloading = false;
  // A first install also fires controllerchange (clientsClaim): only a replaced worker means a new build.
  const hadController = Boolean(navigator.serviceWorker.controller);
  // autoUpdate: the new worker takes over at once; reload so the page runs the new build.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !hadController) return;
    reloading = true;
    log('updated: reloading');
    window.location.reload();
  });
  window.addEventListener('offline', () => log('offline'));
  window.addEventListener('load', () => {
    void (async () => {
      if (isLocalhost(window.location.hostname)) {
        if (!(await workerFileIsValid())) {
          log('no valid worker file on this local host: unregistering');
          await unregisterAll().catch((error: unknown) => log('error', error));
          return;
        }
      }
      await register();
    })();
  });
};
