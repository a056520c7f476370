/** Whether a fetch failed because its deadline passed (AbortSignal.timeout), rather than no connection at all. */
export const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/**
 * One HTTP call to a provider's API with a deadline: JSON in when there is a body, the response and its text
 * out (read once; each provider reads its own error shapes from it). No answer at all (refused, unreachable,
 * timed out) is thrown as the provider's own error, made by `unanswered` from a `network: ...` detail and whether
 * the deadline passed: a timed-out send may have gone out, so each provider decides whether it is retried.
 */
export const callProvider = async (
  url: string,
  request: { method: string; headers: Record<string, string>; body?: unknown; timeoutMs: number },
  unanswered: (detail: string, timedOut: boolean) => Error,
) => {
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    throw unanswered(`network: ${(error as Error).message}`, isTimeout(error));
  }
  return { res, text: await res.text().catch(() => '') };
};

/** A JSON answer's value, or `fallback` for an empty or unreadable one. */
export const parseJsonOr = <T>(text: string, fallback: T): unknown => {
  try {
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
};
