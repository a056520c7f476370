import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const reloadKey = 'prosa:chunk-reload';

/**
 * A screen whose code is fetched the first time it is shown (one chunk per route module). After a new
 * deploy an open tab may ask for a chunk the server no longer has: it reloads once to take the new build.
 */
export const lazyScreen = <TProps extends object>(
  load: () => Promise<ComponentType<TProps>>,
): LazyExoticComponent<ComponentType<TProps>> =>
  lazy(async () => {
    try {
      const component = await load();
      sessionStorage.removeItem(reloadKey);
      return { default: component };
    } catch (error) {
      if (sessionStorage.getItem(reloadKey)) throw error;
      sessionStorage.setItem(reloadKey, '1');
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
  });
