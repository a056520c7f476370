import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import { registerErrorHandling } from './errors.js';
import { registerInputGuard } from './input-guard.js';
import { RequestLogController } from './request-log.js';

const BODY_LIMIT = 1024 * 1024;
/** Paths that never fall back to the web app's index.html. */
const nonAppPrefixes = ['/docs', '/socket.io', '/health', '/ready', '/assets/'];

export const createHttp = async (config: TConfig, logger: boolean | object): Promise<FastifyInstance> => {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Tests pass a stream to read what is logged.
            ...(typeof logger === 'object' ? logger : {}),
          },
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins, credentials: true });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Prosa API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  return app;
};

/** Files that must be asked for again on every visit; the hashed files under /assets never change. */
const revalidated = (name: string) => name === 'sw.js' || name.endsWith('.webmanifest') || name === 'index.html';

/**
 * Serves the built web app; any HTML navigation that is not an API call gets index.html (history routing).
 * The build writes a brotli and a gzip copy next to each file (apps/web/compress-plugin.ts): a browser that
 * accepts one gets it as it is, without compressing on each request.
 */
export const registerWebApp = async (app: FastifyInstance, webDist: string): Promise<void> => {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    preCompressed: true,
    // The compressed copies are chosen by Accept-Encoding, never asked for by name.
    allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (revalidated(name)) {
        res.header('Cache-Control', 'no-cache');
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const accept = request.headers.accept ?? '';
    const urlPath = request.url.split('?')[0] ?? '/';
    if (!accept.includes('text/html') || nonAppPrefixes.some((p) => urlPath.startsWith(p))) return;
    if (path.extname(urlPath) !== '') return;
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
};
