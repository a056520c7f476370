import { demoMetaNumber, startFakeMetaCloud, type TFakeMetaCloud } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphClient, GraphError, wabaLimitReason } from './graph-api.js';

// The Graph client against the fake Cloud API: which failures are tried again and what the agent is told.
describe('Graph API client', () => {
  let meta: TFakeMetaCloud;
  beforeAll(async () => {
    meta = await startFakeMetaCloud(demoMetaNumber);
  });
  afterAll(() => meta.close());

  const client = (accessToken = demoMetaNumber.accessToken) =>
    createGraphClient(meta.graphUrl, { ...demoMetaNumber, accessToken });
  const text = { to: '5511987654321', type: 'text', text: { body: 'Oi' } };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GraphError);
    return error as GraphError;
  };

  it('sends and reads the number', async () => {
    const sent = await client().sendMessage(text);
    expect(sent.messages[0]?.id).toMatch(/^wamid\./);
    expect((await client().phoneNumber()).display_phone_number).toBe(demoMetaNumber.displayPhoneNumber);
  });

  it('a refused token is final and named', async () => {
    const error = await failure(client('EAAwrong000000000000000000000').sendMessage(text));
    expect([error.status, error.code, error.retryable, error.reason]).toEqual([
      401,
      190,
      false,
      'ERR_WABA_TOKEN_INVALID',
    ]);
  });

  it('throttling and Meta outages are tried again; a closed window is not', async () => {
    meta.failNextSend({ status: 429, code: 130429, message: 'Rate limit hit' });
    expect((await failure(client().sendMessage(text))).retryable).toBe(true);
    meta.failNextSend({ status: 500, code: 131000, message: 'Something went wrong' });
    expect((await failure(client().sendMessage(text))).retryable).toBe(true);
    meta.failNextSend({ status: 400, code: 131047, message: 'Re-engagement message' });
    const closed = await failure(client().sendMessage(text));
    expect([closed.retryable, closed.reason]).toEqual([false, 'ERR_WABA_OUTSIDE_WINDOW']);
  });

  it("names Meta's refusals of the number as the reasons a campaign pauses on; one customer's limits are not", () => {
    // Meta's documented codes: throttling of the app (4), the account (80007) and the number (130429); the spam
    // rate limit (131048) and a policy block (368) of the number's quality.
    const reasons = (codes: (number | null)[]) => codes.map((code) => wabaLimitReason(code));
    expect(reasons([4, 80007, 130429])).toEqual(Array(3).fill('ERR_WABA_RATE_LIMIT'));
    expect(reasons([131048, 368])).toEqual(Array(2).fill('ERR_WABA_QUALITY'));
    // Too many messages to one number (131056) and Meta's marketing cap per person (131049) are about that
    // customer: other contacts can still be sent to. Nor is a closed window, a bad number or an outage a limit.
    expect(reasons([131056, 131049, 131047, 131026, 131000, 100, null])).toEqual(Array(7).fill(undefined));
    // The send error a campaign sees: the named reason, tried again only where Meta says to wait.
    const sendError = (status: number, code: number) => new GraphError(status, code, `(#${code})`).toSendError();
    expect(sendError(400, 130429)).toMatchObject({ reason: 'ERR_WABA_RATE_LIMIT', retryable: true });
    expect(sendError(400, 131048)).toMatchObject({ reason: 'ERR_WABA_QUALITY', retryable: false });
    expect(sendError(400, 131056)).toMatchObject({ reason: 'ERR_SENDING_WAPP_MSG', retryable: true });
    expect(sendError(400, 131049)).toMatchObject({ reason: 'ERR_SENDING_WAPP_MSG', retryable: false });
  });

  it('an unreachable Graph API is a retryable network failure', async () => {
    const error = await failure(createGraphClient('http://127.0.0.1:9/v22.0', demoMetaNumber, 2000).sendMessage(text));
    expect([error.status, error.retryable]).toEqual([0, true]);
  });
});
