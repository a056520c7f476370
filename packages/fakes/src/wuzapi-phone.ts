import { changeMembers, type TWhatsAppGroupMember, type TWhatsAppMemberAction } from './whatsapp-groups.js';
import { whatsmeowGroupEvent } from './whatsmeow-groups.js';
import { demoWuzapi, messageEvent, receiptEvent, type TWuzapiCustomerMessage } from './wuzapi-protocol.js';
import { emitEvent, rotateQr, type TWuzapiState, userWith } from './wuzapi-state.js';

/** The phone and WhatsApp: each call posts what wuzapi would and resolves with our server's answer. */
export const createWuzapiPhone = (state: TWuzapiState) => ({
  /** The QR on the screen is read: the device pairs as this number, then connects. */
  scan: async (token?: string, who = demoWuzapi.phone) => {
    const user = userWith(state, token);
    if (!user.client || user.loggedIn) throw new Error(`${user.name} shows no QR to read`);
    user.loggedIn = true;
    user.jid = `${who.number}:12@s.whatsapp.net`;
    user.qr = '';
    await emitEvent(state, user, {
      type: 'PairSuccess',
      event: { ID: user.jid, BusinessName: '', Platform: 'android' },
    });
    return emitEvent(state, user, { type: 'Connected', event: {} });
  },
  /** whatsmeow shows a new QR (the old one expired). */
  newQr: async (token?: string) => {
    const user = userWith(state, token);
    await state.qrPosts.settled(user);
    return rotateQr(state, user);
  },
  /** Nobody read the QR codes in time: the client ends. */
  qrTimeout: async (token?: string) => {
    const user = userWith(state, token);
    user.client = null;
    user.qr = '';
    return emitEvent(state, user, { type: 'QRTimeout', event: 'timeout' });
  },
  /** A customer's message (or, with `fromMe`, ours) arrives. */
  message: async (input: TWuzapiCustomerMessage, token?: string) => {
    const event = messageEvent(input);
    if (input.media) {
      const content = (event.event.Message as Record<string, { URL: string; mediaKey: string }>)[
        `${input.media.kind}Message`
      ];
      if (content) state.files.set(content.URL, { ...input.media, mediaKey: content.mediaKey });
    }
    return emitEvent(state, userWith(state, token), event);
  },
  /** A customer calls (whatsmeow's `CallOffer`, as wuzapi posts it). */
  call: async (input: { number: string; id: string; at?: Date }, token?: string) =>
    emitEvent(state, userWith(state, token), {
      type: 'CallOffer',
      event: {
        From: `${input.number}@s.whatsapp.net`,
        Timestamp: (input.at ?? new Date()).toISOString(),
        CallCreator: `${input.number}@s.whatsapp.net`,
        CallID: input.id,
        RemotePlatform: 'android',
        RemoteVersion: '2.25.1.1',
      },
    }),
  /** The ticks of our messages: `ReadReceipt` with wuzapi's state. */
  receipt: async (
    input: { ids: string[]; state: 'Delivered' | 'Read' | 'ReadSelf'; number?: string },
    token?: string,
  ) =>
    emitEvent(
      state,
      userWith(state, token),
      receiptEvent({ ...input, chat: `${input.number ?? '5511987650001'}@s.whatsapp.net` }),
    ),
  /**
   * Members join or leave a group, or are promoted or demoted (someone else did it, or they joined by link):
   * WhatsApp's members change first, then whatsmeow's `GroupInfo` event as wuzapi posts it.
   */
  groupChange: async (
    input: { groupId: string; members: TWhatsAppGroupMember[]; action: TWhatsAppMemberAction },
    author: string | null = null,
    token?: string,
  ) => {
    const group = state.groups.get(input.groupId);
    if (!group) throw new Error(`no group ${input.groupId}`);
    changeMembers(group, input.members, input.action);
    const event = whatsmeowGroupEvent(input.groupId, input.members, input.action, author);
    return emitEvent(state, userWith(state, token), { type: 'GroupInfo', event });
  },
  /** The session ends: logged out on the phone (`LoggedOut`) or the socket lost (`Disconnected`). */
  drop: async (type: 'LoggedOut' | 'Disconnected' | 'TemporaryBan' = 'LoggedOut', token?: string) => {
    const user = userWith(state, token);
    if (type === 'Disconnected') {
      if (user.client) user.client.connected = false;
    } else {
      user.loggedIn = false;
      user.jid = null;
      user.client = null;
    }
    return emitEvent(state, user, { type, event: type === 'LoggedOut' ? { OnConnect: false, Reason: 401 } : {} });
  },
});
