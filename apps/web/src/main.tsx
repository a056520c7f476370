import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme/reduced-motion.css';
import './app/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';

const mount = document.getElementById('q-app');
if (!mount) throw new Error('Mount element #q-app is missing');

createRoot(mount).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
