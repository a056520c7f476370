import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; raw: string; text: string };

/** Undo quoted-printable soft breaks and escapes so links in the body read as sent. */
const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A real SMTP server on loopback (no auth, no TLS) that keeps every message it receives,
 * for tests of code that sends mail with nodemailer.
 */
export const startFakeSmtp = async () => {
  const inbox: TReceivedMail[] = [];
  const waiters: { match: (m: TReceivedMail) => boolean; resolve: (m: TReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: TReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        };
        inbox.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Resolves with the first message (already received or arriving) addressed to `to`. */
    waitFor(to: string, timeoutMs = 10_000): Promise<TReceivedMail> {
      const match = (m: TReceivedMail) => m.to.includes(to);
      const found = inbox.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type TFakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;
