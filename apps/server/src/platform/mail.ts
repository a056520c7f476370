import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export type TMail = { to: string; subject: string; text: string; html?: string };
export type TMailer = { send: (mail: TMail) => Promise<void>; close: () => void };

/** SMTP through nodemailer. Without SMTP_URL, mail is not sent and a warning says so. */
export const createMailer = (smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): TMailer => {
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.warn({ to: mail.to, subject: mail.subject }, 'SMTP_URL is not set: e-mail not sent');
      },
      close: () => undefined,
    };
  }
  // nodemailer is loaded with the first e-mail, not on every start.
  let transport: Promise<Transporter> | undefined;
  const getTransport = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  return {
    send: async (mail) => {
      await (await getTransport()).sendMail({ from, ...mail });
    },
    close: () => {
      void transport?.then((t) => t.close());
    },
  };
};
