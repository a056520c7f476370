import { randomBytes } from 'node:crypto';
import { metaWebhook, startFakeMetaCloud } from '@prosa/fakes';
import { expect } from 'vitest';
import type { TConfig } from '../src/platform/config.js';
import { startChannelTestApp, stopChannelTestApp } from './channel-fixture.js';
import { postSignedWebhook, type TConnectionBody, type TTenantFixture } from './channels.js';

type TWabaTestOptions = {
  tenant: string;
  neighbour: string;
  /** The number the fake Graph API serves (a fresh access token and app secret are made for it). */
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  /** More server configuration (the Graph API's URL is set here). */
  config?: Partial<TConfig>;
};

/**
 * A WhatsApp Cloud API test: the fake Graph API serving one number, the channel test server (tenant and
 * neighbour allowed five connections each) pointed at it, and Meta's side of the webhook: payloads signed
 * with the number's app secret, posted as Meta posts them.
 */
export const startWabaTestApp = async (options: TWabaTestOptions) => {
  const appSecret = randomBytes(16).toString('hex');
  const number = {
    phoneNumberId: options.phoneNumberId,
    wabaId: options.wabaId,
    accessToken: `EAAG${randomBytes(24).toString('hex')}`,
    displayPhoneNumber: options.displayPhoneNumber,
  };
  const meta = await startFakeMetaCloud(number);
  const { t, smtp, fx, other } = await startChannelTestApp({
    tenant: options.tenant,
    neighbour: options.neighbour,
    maxConnections: 5,
    config: { metaGraphUrl: meta.graphUrl, ...options.config },
  });
  /** What an admin types in the connection form. */
  const wabaConfig = {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret,
  };
  return {
    t,
    smtp,
    fx,
    other,
    meta,
    number,
    appSecret,
    wabaConfig,
    /** Posts a webhook as Meta does: the exact bytes, signed (or with the signature given, or none for null). */
    post: (token: string, payload: unknown, signature?: string | null) => {
      const raw = JSON.stringify(payload);
      return postSignedWebhook(
        t,
        `/wabahooks/${token}`,
        raw,
        signature === undefined ? metaWebhook.sign(appSecret, raw) : signature,
      );
    },
    /** A customer's message in Meta's webhook envelope; `at` is Meta's `timestamp` in seconds (now if left out). */
    customerMessage: (
      customer: { waId: string; name: string },
      message: Record<string, unknown> & { type: string },
      id?: string,
      at?: number,
    ) => metaWebhook.message(number, customer, message, id, at),
    close: async () => {
      await stopChannelTestApp(t, smtp);
      await meta.close();
    },
  };
};
export type TWabaTest = Awaited<ReturnType<typeof startWabaTestApp>>;

/** A Cloud API connection made by the tenant's admin (checked with the fake Meta), in the tenant's queue. */
export const createWabaConnection = async (waba: TWabaTest, fx: TTenantFixture) => {
  const res = await waba.t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'WhatsApp oficial', type: 'waba', queueId: fx.queue.id, config: waba.wabaConfig },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TConnectionBody;
};
