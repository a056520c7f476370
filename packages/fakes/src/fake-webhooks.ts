// How the fakes post their webhooks to our server: every provider logs a failed delivery and moves on, and the
// fakes keep each answer for tests to assert on. What is posted (the envelope, a form, a signature) is the
// provider's own and stays in its fake.

/** Our server's answer to one post: its status and body, or status 0 and the error when it could not be reached. */
export type TWebhookAnswer = { status: number; body: string };

export const postWebhook = async (
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<TWebhookAnswer> => {
  try {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
};

/** Posts `payload` as JSON; the content type wins over a header of the same name the webhook was set with. */
export const postJsonWebhook = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  postWebhook(url, JSON.stringify(payload), { ...headers, 'content-type': 'application/json' });

/**
 * The URL a webhook (or a file fetch) really goes to: the same path at `origin` when one is set, as tests
 * register `https://prosa.test/...` where a provider insists on https and serve our server on loopback.
 */
export const atOrigin = (url: string, origin: string | null) => (origin ? `${origin}${new URL(url).pathname}` : url);

/**
 * The QR codes a gateway posts for each session. WhatsApp rotates a QR every 20 s or so, so the previous one has
 * long been delivered when the next comes; a test that rotates at once waits for that (`settled`) so an older QR
 * never lands after the newer one, which no gateway does.
 */
export const createQrPosts = () => {
  const last = new WeakMap<object, Promise<unknown>>();
  return {
    /** Keeps the post of a session's newest QR. */
    track: (session: object, post: Promise<unknown>) => {
      last.set(session, post);
    },
    /** Resolves once the post of the session's newest QR has settled. */
    settled: async (session: object) => {
      await last.get(session)?.catch(() => undefined);
    },
  };
};
