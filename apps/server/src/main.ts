import { createApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { applyHeapGrowth } from './platform/heap-growth.js';

const start = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the README's Configuration section.\n`);
      process.exit(1);
    }
    throw error;
  }
  applyHeapGrowth(config.heapGrowthPercent);
  const startedAt = Date.now();
  const prosa = await createApp(config);
  const address = await prosa.listen();
  prosa.app.log.info({ address, database: prosa.services.database.kind, ms: Date.now() - startedAt }, 'Prosa is ready');
  process.stdout.write(`Prosa running at ${config.publicUrl} (API docs at ${config.publicUrl}/docs)\n`);

  const shutdown = (signal: string) => {
    prosa.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      prosa.app.log.error({ shutdown: prosa.shutdownProgress() }, 'shutdown took too long: exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    prosa
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        prosa.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

start().catch((err: unknown) => {
  process.stderr.write(`Prosa failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
