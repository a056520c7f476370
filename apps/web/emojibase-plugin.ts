import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** Where the app finds the emoji data: our own origin, never a CDN (no outside fetch at run time). */
export const emojibasePath = '/emojibase';
const locales = ['pt', 'en'] as const;
const files = ['data.json', 'messages.json'] as const;

const require = createRequire(import.meta.url);
const sourceOf = (locale: string, file: string) => require.resolve(`emojibase-data/${locale}/${file}`);

/**
 * Serves the installed `emojibase-data` files the emoji picker reads (`/emojibase/<locale>/<file>.json`):
 * from node_modules while developing, copied into the build for the server to serve.
 */
export const emojibasePlugin = (): Plugin => ({
  name: 'prosa-emojibase',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const match = req.url?.match(/^\/emojibase\/([a-z]+)\/([a-z]+\.json)$/);
      const locale = match?.[1] ?? '';
      const file = match?.[2] ?? '';
      if (!(locales as readonly string[]).includes(locale) || !(files as readonly string[]).includes(file))
        return next();
      res.setHeader('content-type', 'application/json');
      res.end(readFileSync(sourceOf(locale, file)));
    });
  },
  generateBundle() {
    for (const locale of locales)
      for (const file of files)
        this.emitFile({
          type: 'asset',
          fileName: `${emojibasePath.slice(1)}/${locale}/${file}`,
          source: readFileSync(sourceOf(locale, file)),
        });
  },
});
