import { z } from 'zod';
import { locationMessage } from '../shared/location-body.js';
import { orderText, systemNotice, unsupportedNotice, ZWabaOrder, ZWabaSystem } from './waba-readable.js';

/**
 * What a Cloud API webhook says, in our terms. Meta batches: one POST may carry several entries, changes,
 * messages and statuses, for several numbers. Anything of an unknown shape is skipped, never an error.
 */
export type TWabaMedia = { id: string; mime: string | null; filename: string | null; voice: boolean };

/** What a customer's event names: its number and message, and the customer by phone and/or user id. */
type TWabaAbout = { phoneNumberId: string; externalId: string; waId: string | null; userId: string | null };
/** When the customer made an edit or a deletion (ms; Meta dates to the second). */
type TWabaChangeAt = { at: number };

export type TWabaEvent =
  | {
      kind: 'message';
      phoneNumberId: string;
      externalId: string;
      /**
       * The customer's WhatsApp id (their number's digits; null when Meta sends only the business-scoped user
       * id), that user id when sent, and their profile name.
       */
      waId: string | null;
      userId: string | null;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      media: TWabaMedia | null;
      quotedExternalId: string | null;
      /** The customer's new WhatsApp id, when this is WhatsApp's notice that they changed number. */
      newWaId: string | null;
      raw: unknown;
    }
  | (TWabaAbout & TWabaChangeAt & { kind: 'edit'; targetExternalId: string; body: string })
  | (TWabaAbout & TWabaChangeAt & { kind: 'revoke'; targetExternalId: string })
  | {
      kind: 'reaction';
      phoneNumberId: string;
      externalId: string;
      waId: string | null;
      userId: string | null;
      targetExternalId: string;
      emoji: string;
    }
  | {
      kind: 'status';
      phoneNumberId: string;
      externalId: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      timestamp: number;
      /** Meta's error code and title when the status is failed. */
      error: { code: number | null; title: string } | null;
    };

const ZMediaObject = z
  .object({
    id: z.string(),
    mime_type: z.string().optional(),
    caption: z.string().optional(),
    filename: z.string().optional(),
    voice: z.boolean().optional(),
  })
  .loose();

const ZInboundMessage = z
  .object({
    from: z.string().optional(),
    /** The business-scoped user id, sent besides `from`, or alone for a user known only by a username. */
    from_user_id: z.string().optional(),
    id: z.string(),
    timestamp: z.string().regex(/^\d+$/),
    type: z.string(),
    text: z.object({ body: z.string() }).loose().optional(),
    image: ZMediaObject.optional(),
    video: ZMediaObject.optional(),
    audio: ZMediaObject.optional(),
    document: ZMediaObject.optional(),
    sticker: ZMediaObject.optional(),
    reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).loose().optional(),
    location: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        name: z.string().optional(),
        address: z.string().optional(),
      })
      .loose()
      .optional(),
    contacts: z
      .array(
        z
          .object({
            name: z.object({ formatted_name: z.string().optional() }).loose().optional(),
            phones: z.array(z.object({ phone: z.string().optional() }).loose()).optional(),
          })
          .loose(),
      )
      .optional(),
    button: z.object({ text: z.string() }).loose().optional(),
    interactive: z
      .object({
        button_reply: z.object({ title: z.string() }).loose().optional(),
        list_reply: z.object({ title: z.string() }).loose().optional(),
      })
      .loose()
      .optional(),
    context: z.object({ id: z.string().optional() }).loose().optional(),
    order: ZWabaOrder.optional(),
    system: ZWabaSystem.optional(),
    edit: z
      .object({
        original_message_id: z.string(),
        message: z
          .object({
            text: z.object({ body: z.string() }).loose().optional(),
            image: ZMediaObject.partial().optional(),
            video: ZMediaObject.partial().optional(),
            document: ZMediaObject.partial().optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    revoke: z.object({ original_message_id: z.string() }).loose().optional(),
  })
  .loose();

const ZStatus = z
  .object({
    id: z.string(),
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
    timestamp: z.string().regex(/^\d+$/),
    errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() }).loose()).optional(),
  })
  .loose();

const ZChangeValue = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).loose(),
    contacts: z
      .array(
        z
          .object({
            wa_id: z.string().optional(),
            user_id: z.string().optional(),
            profile: z.object({ name: z.string().optional() }).loose().optional(),
          })
          .loose(),
      )
      .optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  })
  .loose();

const ZWebhook = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z
      .object({
        changes: z.array(z.object({ field: z.string(), value: z.unknown() }).loose()),
      })
      .loose(),
  ),
});

const mediaKinds = ['image', 'video', 'audio', 'document', 'sticker'] as const;

const toMessageEvent = (
  phoneNumberId: string,
  names: Map<string, string>,
  message: z.infer<typeof ZInboundMessage>,
): TWabaEvent => {
  const about = {
    phoneNumberId,
    externalId: message.id,
    waId: message.from ?? null,
    userId: message.from_user_id ?? null,
  };
  const common = {
    ...about,
    name: names.get(message.from ?? message.from_user_id ?? '') ?? null,
    timestamp: Number(message.timestamp) * 1000,
    quotedExternalId: message.context?.id ?? null,
    newWaId: null,
    raw: message,
  };
  if (message.type === 'edit' && message.edit) {
    const edited = message.edit.message;
    const body =
      edited?.text?.body ?? edited?.image?.caption ?? edited?.video?.caption ?? edited?.document?.caption ?? '';
    return { kind: 'edit', ...about, at: common.timestamp, targetExternalId: message.edit.original_message_id, body };
  }
  if (message.type === 'revoke' && message.revoke)
    return { kind: 'revoke', ...about, at: common.timestamp, targetExternalId: message.revoke.original_message_id };
  if (message.type === 'unsupported')
    return { kind: 'message', ...common, mediaType: 'chat', body: unsupportedNotice, media: null };
  if (message.type === 'order' && message.order)
    return { kind: 'message', ...common, mediaType: 'chat', body: orderText(message.order), media: null };
  if (message.type === 'system' && message.system) {
    const notice = systemNotice(message.system);
    return { kind: 'message', ...common, mediaType: 'chat', body: notice.body, newWaId: notice.newWaId, media: null };
  }
  if (message.type === 'reaction' && message.reaction)
    return {
      kind: 'reaction',
      ...about,
      targetExternalId: message.reaction.message_id,
      emoji: message.reaction.emoji ?? '',
    };
  const kind = mediaKinds.find((item) => item === message.type);
  const media = kind ? message[kind] : undefined;
  if (kind && media) {
    const voice = kind === 'audio' && media.voice === true;
    return {
      kind: 'message',
      ...common,
      mediaType: voice ? 'ptt' : kind,
      body: media.caption ?? '',
      media: { id: media.id, mime: media.mime_type ?? null, filename: media.filename ?? null, voice },
    };
  }
  const location = message.type === 'location' && message.location ? locationMessage(message.location) : null;
  if (location) return { kind: 'message', ...common, ...location, media: null };
  if (message.type === 'contacts' && message.contacts) {
    const body = message.contacts
      .map((card) =>
        [card.name?.formatted_name, ...(card.phones ?? []).map((phone) => phone.phone)].filter(Boolean).join(' '),
      )
      .join('\n');
    return { kind: 'message', ...common, mediaType: 'vcard', body, media: null };
  }
  const body =
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    '';
  // Kinds we do not show yet (polls, ...) keep their payload in dataJson.
  return { kind: 'message', ...common, mediaType: 'chat', body, media: null };
};

export const parseWabaWebhook = (payload: unknown): TWabaEvent[] => {
  const parsed = ZWebhook.safeParse(payload);
  if (!parsed.success) return [];
  const events: TWabaEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const value = ZChangeValue.safeParse(change.value);
      if (!value.success) continue;
      const phoneNumberId = value.data.metadata.phone_number_id;
      const names = new Map(
        (value.data.contacts ?? []).flatMap((contact) => {
          const name = contact.profile?.name;
          return name ? [contact.wa_id, contact.user_id].flatMap((id) => (id ? [[id, name] as const] : [])) : [];
        }),
      );
      for (const raw of value.data.messages ?? []) {
        const message = ZInboundMessage.safeParse(raw);
        // From nobody we can name (neither a number nor a user id): nothing to store it on.
        if (message.success && (message.data.from || message.data.from_user_id))
          events.push(toMessageEvent(phoneNumberId, names, message.data));
      }
      for (const raw of value.data.statuses ?? []) {
        const status = ZStatus.safeParse(raw);
        if (!status.success) continue;
        const error = status.data.errors?.[0];
        events.push({
          kind: 'status',
          phoneNumberId,
          externalId: status.data.id,
          status: status.data.status,
          timestamp: Number(status.data.timestamp) * 1000,
          error: error ? { code: error.code ?? null, title: error.title ?? '' } : null,
        });
      }
    }
  }
  return events;
};
