import { customerMessagePayload } from './uazapi-payloads.js';
import { demoUazapi, publicInstance, type TUazapiAckState, type TUazapiCustomerMessage } from './uazapi-protocol.js';
import type { TUazapiWorld } from './uazapi-world.js';
import { changeMembers, type TWhatsAppGroupMember, type TWhatsAppMemberAction } from './whatsapp-groups.js';
import { whatsmeowGroupEvent } from './whatsmeow-groups.js';

/** The phone and WhatsApp: each call posts what uazapi would and resolves with our server's answer. */
export const createUazapiPhone = (world: TUazapiWorld) => ({
  /** The QR on the screen is read (or the pairing code typed): the session opens as this number. */
  scan: async (instanceName?: string, who = demoUazapi.phone) => {
    const instance = world.instanceNamed(instanceName);
    if (instance.status !== 'connecting') throw new Error(`${instance.name} shows no QR to scan`);
    instance.status = 'connected';
    instance.qrcode = '';
    instance.paircode = '';
    instance.owner = who.number;
    instance.profileName = who.profileName;
    return world.emit(instance, 'connection', { instance: publicInstance(instance) });
  },
  /** WhatsApp shows a new QR (the old one expired). */
  newQr: async (instanceName?: string) => {
    const instance = world.instanceNamed(instanceName);
    await world.qrPosts.settled(instance);
    return world.rotateQr(instance);
  },
  /** A customer's message (or, with `fromMe`, one typed on our phone): `messages`, media kept for download. */
  message: async (input: TUazapiCustomerMessage, instanceName?: string) => {
    const instance = world.instanceNamed(instanceName);
    const { message, chat, stored } = customerMessagePayload(input, instance.owner);
    instance.messages.set(message.messageid, stored);
    return world.emit(instance, 'messages', { message, chat, chatSource: 'updated' });
  },
  /** The ticks of one of our messages: `messages_update` with whatsmeow's receipt. */
  ack: async (input: { id: string; state: TUazapiAckState }, instanceName?: string) => {
    const instance = world.instanceNamed(instanceName);
    const chat = instance.messages.get(input.id)?.chatid ?? 'unknown@s.whatsapp.net';
    return world.emit(instance, 'messages_update', {
      type: 'ReadReceipt',
      state: input.state,
      event: {
        Chat: chat,
        Sender: input.state === 'ReadSelf' ? `${instance.owner}@s.whatsapp.net` : chat,
        IsFromMe: input.state === 'ReadSelf',
        IsGroup: false,
        MessageIDs: [input.id],
        Timestamp: Math.floor(Date.now() / 1000),
        Type: input.state,
      },
    });
  },
  /**
   * A customer calls: `call` with whatsmeow's `CallOffer` as uazapi passes it on (`type` + `event`; a video
   * call's offer node carries a `video` child).
   */
  call: async (input: { number: string; id: string; video?: boolean; at?: Date }, instanceName?: string) => {
    const instance = world.instanceNamed(instanceName);
    const jid = `${input.number}@s.whatsapp.net`;
    const media = [{ Tag: 'audio', Attrs: { enc: 'opus', rate: '16000' }, Content: null }];
    if (input.video) media.push({ Tag: 'video', Attrs: { enc: 'vp8', rate: '90000' }, Content: null });
    return world.emit(instance, 'call', {
      type: 'CallOffer',
      event: {
        From: jid,
        Timestamp: (input.at ?? new Date()).toISOString(),
        CallCreator: jid,
        CallID: input.id,
        GroupJID: '',
        RemotePlatform: 'android',
        RemoteVersion: '2.25.1.1',
        Data: { Tag: 'offer', Attrs: { 'call-creator': jid, 'call-id': input.id }, Content: media },
      },
    });
  },
  /**
   * Members join or leave a group, or are promoted or demoted (someone else did it, or they joined by link):
   * WhatsApp's members change first, then `groups` as uazapi posts it: whatsmeow's GroupInfo with the members'
   * LIDs beside their JIDs (`JoinLid`...), and the author's phone and LID.
   */
  groupChange: async (
    input: { groupId: string; members: TWhatsAppGroupMember[]; action: TWhatsAppMemberAction },
    author: string | null = null,
    instanceName?: string,
  ) => {
    const instance = world.instanceNamed(instanceName);
    const group = world.groups.get(input.groupId);
    if (!group) throw new Error(`no group ${input.groupId}`);
    changeMembers(group, input.members, input.action);
    const event = whatsmeowGroupEvent(input.groupId, input.members, input.action, author);
    const list = Object.keys(event).find((key) => Array.isArray(event[key as keyof typeof event])) ?? 'Join';
    const lids = input.members.map((member) => (member.id.endsWith('@lid') ? member.id : ''));
    return world.emit(instance, 'groups', {
      event: { ...event, [`${list}Lid`]: lids, ...(author ? { sender_pn: author, sender_lid: '' } : {}) },
      type: 'Group',
    });
  },
  /** The session ends (logged out on the phone, banned...): `connection` disconnected with uazapi's reason. */
  drop: async (reason = '401: logged out from another device', instanceName?: string) => {
    const instance = world.instanceNamed(instanceName);
    instance.status = 'disconnected';
    instance.lastDisconnect = new Date().toISOString();
    instance.lastDisconnectReason = reason;
    return world.emit(instance, 'connection', {
      instance: publicInstance(instance),
      ...(reason.startsWith('401') ? { type: 'LoggedOut' } : {}),
    });
  },
});

export type TUazapiPhone = ReturnType<typeof createUazapiPhone>;
