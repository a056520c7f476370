import type { FastifyInstance, RouteOptions } from 'fastify';

export type TRoute = {
  method: string;
  url: string;
  /** The route's zod schemas, as registered (body, querystring, params). */
  schema: RouteOptions['schema'];
};

const collected = new WeakMap<FastifyInstance, TRoute[]>();

/**
 * Starts recording every route registered on `app` from now on. Call it before the modules register
 * (createApp does, through its `onAppCreated` option); `listRoutes` then answers what the server serves.
 */
export const recordRoutes = (app: FastifyInstance): void => {
  const routes: TRoute[] = [];
  collected.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds HEAD to every GET by itself; HEAD and OPTIONS are not API calls of their own.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
};

/** Every route of the server (method and URL with its `:params`), once each, in registration order. */
export const listRoutes = (app: FastifyInstance): TRoute[] => {
  const routes = collected.get(app);
  if (!routes) throw new Error('routes were not recorded: start the app with recordRoutes');
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
