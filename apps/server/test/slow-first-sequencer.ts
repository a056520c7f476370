import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take longest, started first when vitest has no timings of its own yet (a fresh clone, as in
 * CI): otherwise it orders by file size, and a short file that runs long (the fuzz test, a campaign across
 * restarts) starts last and runs alone while the other worker idles. Once a run has left timings in vitest's
 * cache, the base order (longest first) applies. Order only: no file depends on it.
 */
const SLOW_FIRST = [
  'platform/fuzz.int.test.ts',
  'campaigns/engine/campaign-durability.int.test.ts',
  'platform/access-matrix.int.test.ts',
  'tickets/auto-close.int.test.ts',
  'messages/outbound-jobs.int.test.ts',
  'chat-flows/runtime/chat-flow-runtime.int.test.ts',
  'platform/realtime-revocation.int.test.ts',
  'channels/baileys/baileys.int.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = SLOW_FIRST.findIndex((suffix) => file.moduleId.endsWith(suffix));
  return index === -1 ? SLOW_FIRST.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = sorted.some((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`),
    );
    return timed ? sorted : [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
