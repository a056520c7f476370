import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

// What the steps dialog of /auto-resposta sends when a step or an action is edited or deleted.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TStep = { id: number; reply: string; initialStep: boolean; stepsReplyAction: { id: number; words: string }[] };

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let replyId: number;
let firstId: number;
let secondId: number;
let actionId: number;

const call = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = fx.tokens.admin) =>
  t.request(method, path, { token, body });
const steps = async () =>
  (
    (await t.request('GET', '/auto-reply', { token: fx.tokens.admin })).body as { id: number; stepsReply: TStep[] }[]
  ).find((reply) => reply.id === replyId)?.stepsReply ?? [];

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Edição de menu');
  other = await t.createTenantFixture('Outra edição');
  replyId = (await call('POST', '/auto-reply', { name: 'Menu' })).body.id;
  firstId = (await call('POST', `/auto-reply/${replyId}/steps`, { reply: 'Digite 1 ou 2' })).body.id;
  secondId = (await call('POST', `/auto-reply/${replyId}/steps`, { reply: 'Qual o pedido?' })).body.id;
  actionId = (
    await call('POST', '/auto-reply-action', { stepReplyId: firstId, words: '2', action: 0, nextStepId: secondId })
  ).body.id;
});
afterAll(() => t.close());

describe('editing an auto-reply’s steps and actions', () => {
  it('changes a step’s text and moves the initial flag to it', async () => {
    const res = await call('PUT', `/auto-reply/${replyId}/steps/${secondId}`, {
      reply: 'Informe o pedido',
      initialStep: true,
    });
    expect(res.status).toBe(200);
    const now = await steps();
    expect(now.map((step) => [step.id, step.reply, step.initialStep])).toEqual([
      [firstId, 'Digite 1 ou 2', false],
      [secondId, 'Informe o pedido', true],
    ]);
  });

  it('changes an action’s words, kind and destination, naming a missing target', async () => {
    const missing = await call('PUT', `/auto-reply-action/${actionId}`, { action: 1, queueId: null });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('queueId');
    const res = await call('PUT', `/auto-reply-action/${actionId}`, {
      words: '2, pedido',
      action: 1,
      nextStepId: null,
      queueId: fx.queue.id,
      userIdDestination: null,
      replyDefinition: 'Um momento',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ words: '2, pedido', action: 1, queueId: fx.queue.id, nextStepId: null });
  });

  it('is the tenant admin’s only: another tenant 404, an agent 403, no token 401', async () => {
    const body = { reply: 'X' };
    const path = `/auto-reply/${replyId}/steps/${firstId}`;
    expect((await call('PUT', path, body, other.tokens.admin)).status).toBe(404);
    expect((await call('PUT', path, body, fx.tokens.agent)).status).toBe(403);
    expect((await t.request('PUT', path, { body })).status).toBe(401);
    expect((await call('DELETE', `/auto-reply-action/${actionId}`, undefined, other.tokens.admin)).status).toBe(404);
    expect((await steps())[0]?.reply).toBe('Digite 1 ou 2');
  });

  it('deletes an action, then a step', async () => {
    expect((await call('DELETE', `/auto-reply-action/${actionId}`)).status).toBe(204);
    expect((await steps())[0]?.stepsReplyAction).toEqual([]);
    expect((await call('DELETE', `/auto-reply/${replyId}/steps/${firstId}`)).status).toBe(204);
    expect((await steps()).map((step) => step.id)).toEqual([secondId]);
  });
});
