import { describe, expect, it } from 'vitest';
import { GraphError } from '../waba/graph-api.js';
import { toGraphMessagingSendError } from './graph-messaging-api.js';

// Which Send API failures are tried again, which take the connection down, and what the agent is told.
describe('toGraphMessagingSendError', () => {
  const mapped = (status: number, code: number | null) => {
    const error = toGraphMessagingSendError(new GraphError(status, code, 'x'));
    return [error.reason, error.retryable, error.connectionDown];
  };

  it('a refused token takes the connection down', () => {
    expect(mapped(401, 190)).toEqual(['ERR_WABA_TOKEN_INVALID', false, true]);
    expect(mapped(400, 190)).toEqual(['ERR_WABA_TOKEN_INVALID', false, true]);
  });

  it('a closed window and an unavailable customer are final and named', () => {
    expect(mapped(400, 10)).toEqual(['ERR_CHANNEL_OUTSIDE_WINDOW', false, false]);
    expect(mapped(400, 551)).toEqual(['ERR_WAPP_INVALID_CONTACT', false, false]);
    expect(mapped(400, 100)).toEqual(['ERR_WAPP_INVALID_CONTACT', false, false]);
  });

  it('throttling, Meta outages and the network are tried again', () => {
    for (const [status, code] of [
      [400, 613],
      [400, 32],
      [400, 4],
      [500, 2],
      [503, null],
      [0, null],
    ] as const)
      expect(mapped(status, code).slice(0, 2), `${status}/${code}`).toEqual(['ERR_SENDING_WAPP_MSG', true]);
  });
});
