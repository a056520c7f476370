import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './compress-plugin.ts';
import { emojibasePlugin } from './emojibase-plugin.ts';

const serverUrl = process.env.PROSA_SERVER_URL ?? 'http://localhost:3000';

/** Browser page loads (Accept: text/html) stay in the SPA; API calls go to the server. */
const spaNavigation = (req: IncomingMessage): string | undefined =>
  req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined;

const api = (options: Partial<ProxyOptions> = {}): ProxyOptions => ({
  target: serverUrl,
  changeOrigin: true,
  ...options,
});

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    emojibasePlugin(),
    ...(process.env.VITEST
      ? []
      : [
          VitePWA({
            strategies: 'generateSW',
            filename: 'sw.js',
            registerType: 'autoUpdate',
            injectRegister: null,
            includeAssets: ['favicon.svg'],
            manifest: {
              name: 'Prosa',
              short_name: 'Prosa',
              description: 'Plataforma de atendimento multiempresa',
              lang: 'pt-BR',
              start_url: '/',
              display: 'standalone',
              background_color: '#f5f6fa',
              theme_color: '#5c67f2',
              icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
            },
            workbox: {
              navigateFallback: 'index.html',
              // NOTE: server-rendered or API paths must never be answered with the SPA shell.
              navigateFallbackDenylist: [
                /^\/docs/,
                /^\/socket\.io/,
                /^\/health/,
                /^\/ready/,
                /^\/public/,
                /^\/check-version/,
              ],
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            },
          }),
        ]),
    precompressPlugin(),
  ],
  server: {
    port: 5173,
    proxy: {
      // /tenants and /auth share prefixes with SPA screens (/tenants, /tenantsPk, /auth/google/callback).
      '/auth': api({ bypass: spaNavigation }),
      '/tenants': api({ bypass: spaNavigation }),
      '/users': api(),
      '/usersIsOnline': api(),
      '/userTenants': api(),
      '/platform': api(),
      '/queue': api(),
      // Attendance workspace: '/tickets' also covers /ticketsForce and /ticketsPause, '/messages' /messagesSchedule.
      '/tickets': api(),
      '/messages': api(),
      '/scheduleMessages': api(),
      '/fastreply': api(),
      '/reasons': api(),
      '/contacts': api(),
      '/ticketEvaluations': api(),
      '/ticketNotes': api(),
      '/settings': api(),
      '/public': api(),
      '/check-version': api(),
      '/password-reset': api(),
      '/reset-password': api(),
      '/socket.io': api({ ws: true }),
      '/health': api(),
      '/ready': api(),
      '/docs': api(),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
