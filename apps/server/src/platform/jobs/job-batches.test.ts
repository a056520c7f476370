import { expect, it } from 'vitest';
import { batchesOf } from './job-batches.js';

const job = (name: string, tenantId: number | null, id: string) => ({ id, data: { job: name, tenantId } });
const many = { max: 2, run: async () => undefined };

it('groups the jobs of a batching kind by tenant, up to its max, and leaves the others alone', () => {
  const jobs = [
    job('flow', 1, 'a'),
    job('send', 1, 'b'),
    job('flow', 2, 'c'),
    job('flow', 1, 'd'),
    job('flow', 1, 'e'),
    job('send', 1, 'f'),
  ];
  const batches = batchesOf(jobs, (name) => (name === 'flow' ? { handleMany: many } : {}));
  expect(batches.map((batch) => batch.map((each) => each.id))).toEqual([['a', 'd'], ['b'], ['c'], ['e'], ['f']]);
});

it('starts nothing for nothing fetched', () => {
  expect(batchesOf([], () => undefined)).toEqual([]);
});

it('makes batches no larger than asked, so that several transactions can run side by side', () => {
  const jobs = ['a', 'b', 'c', 'd', 'e'].map((id) => job('flow', 1, id));
  const batches = batchesOf(jobs, () => ({ handleMany: { max: 10, run: async () => undefined } }), 2);
  expect(batches.map((batch) => batch.map((each) => each.id))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
});
