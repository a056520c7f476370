import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it collects again.
 * V8's own factor (up to 4x while collections are cheap) took the server from 166 MB to 340 MB at 1,000
 * messages a second, most of it garbage that had lived through two scavenges (requests in flight). 100 % (twice the
 * live data) holds it near 215 MB for a few more full collections; 50 % cost the chat-flow engine a third of its
 * pace (`docs/benchmarks.md`, "Memory under load: V8's heap growth"). 0 keeps V8's default.
 * V8 reads the flag at each collection, so setting it once the process runs takes effect.
 */
export const applyHeapGrowth = (percent: number) => {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
};
