import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { browserStorage } from '../session/storage';

const reloadKey = 'prosa:chunk-reload';

/**
 * A screen whose code is fetched the first time it is shown (one chunk per route module). After a new
 * deploy an open tab may ask for a chunk the server no longer has: it reloads once to take the new build.
 */
export const lazyScreen = <TProps extends object>(
  load: () => Promise<ComponentType<TProps>>,
): LazyExoticComponent<ComponentType<TProps>> =>
  lazy(async () => {
    // A frame on another site (the embedded web chat) may be denied storage: a stand-in keeps it working.
    const tab = browserStorage('sessionStorage');
    try {
      const component = await load();
      tab.removeItem(reloadKey);
      return { default: component };
    } catch (error) {
      if (tab.getItem(reloadKey)) throw error;
      tab.setItem(reloadKey, '1');
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
  });
