/**
 * A plugin with its name attached, as Fastify reads it. A plugin without one makes Fastify look for it among
 * every loaded module (`require.cache`, thousands of entries) on each registration: about 1 ms per route plugin
 * per start, which the test suites pay on every server they start.
 */
export const named = <TPlugin extends object>(name: string, plugin: TPlugin): TPlugin =>
  Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
