import { randomBytes } from 'node:crypto';
import {
  customerMessageData,
  demoEvolution,
  type TCustomerMessage,
  type TEvolutionAck,
  type TEvolutionGroupMember,
} from './evolution-protocol.js';
import { emitEvent, instanceNamed, rotateQr, type TEvolutionState } from './evolution-state.js';
import { changeMembers } from './whatsapp-groups.js';

/** The phone and WhatsApp: each call posts what Evolution would and resolves with our server's answer. */
export const createEvolutionPhone = (state: TEvolutionState) => ({
  /** The QR on the screen is read: the session opens as this number. */
  scan: async (instanceName?: string, who = demoEvolution.phone) => {
    const instance = instanceNamed(state, instanceName);
    if (instance.state !== 'connecting' || !instance.qr) throw new Error(`${instance.name} shows no QR to scan`);
    instance.state = 'open';
    instance.qr = null;
    instance.wuid = `${who.number}@s.whatsapp.net`;
    instance.profileName = who.profileName;
    return emitEvent(state, instance, 'connection.update', {
      instance: instance.name,
      wuid: instance.wuid,
      profileName: who.profileName,
      profilePictureUrl: null,
      state: 'open',
      statusReason: 200,
    });
  },
  /** Baileys shows a new QR (the old one expired). */
  newQr: async (instanceName?: string) => {
    const instance = instanceNamed(state, instanceName);
    await state.qrPosts.settled(instance);
    await rotateQr(state, instance);
    return instance.qr;
  },
  /** A customer's message (or, with `fromMe`, ours) arrives: `messages.upsert`, media bytes kept for download. */
  message: async (input: TCustomerMessage, instanceName?: string) => {
    const instance = instanceNamed(state, instanceName);
    const { stored, data } = customerMessageData(input, {
      instanceId: instance.instanceId,
      wuid: instance.wuid,
      // With the webhook's base64 option on, Evolution puts the file's bytes in the message itself.
      withBase64: instance.webhook?.base64 === true,
    });
    instance.messages.set(stored.key.id, stored);
    // Evolution drops group messages before its webhook while the instance ignores groups.
    if (instance.settings.groupsIgnore && stored.key.remoteJid.endsWith('@g.us')) return null;
    return emitEvent(state, instance, 'messages.upsert', data);
  },
  /** The ticks of one of our messages: `messages.update` with Evolution's status names. */
  ack: async (input: { id: string; status: TEvolutionAck }, instanceName?: string) => {
    const instance = instanceNamed(state, instanceName);
    const remoteJid = instance.messages.get(input.id)?.key.remoteJid ?? 'unknown@s.whatsapp.net';
    return emitEvent(state, instance, 'messages.update', {
      messageId: randomBytes(12).toString('hex'),
      keyId: input.id,
      remoteJid,
      fromMe: true,
      participant: remoteJid,
      status: input.status,
      instanceId: instance.instanceId,
    });
  },
  /**
   * A customer calls: `call` with Baileys' `WACallEvent` as Evolution passes it on (`date` as JSON has it). A
   * LID caller carries its phone in `callerPn`.
   */
  call: async (
    input: { number: string; id: string; video?: boolean; lid?: string; at?: Date },
    instanceName?: string,
  ) => {
    const instance = instanceNamed(state, instanceName);
    const phoneJid = `${input.number}@s.whatsapp.net`;
    const from = input.lid ? `${input.lid}@lid` : phoneJid;
    return emitEvent(state, instance, 'call', {
      chatId: from,
      from,
      ...(input.lid ? { callerPn: phoneJid } : {}),
      isGroup: false,
      id: input.id,
      date: (input.at ?? new Date()).toISOString(),
      isVideo: input.video === true,
      status: 'offer',
      offline: false,
      latencyMs: 0,
    });
  },
  /**
   * Members join or leave a group, or are promoted or demoted (someone else did it, or they joined by link):
   * WhatsApp's members change first, then `group-participants.update` as Evolution posts it: Baileys' `{ id,
   * author, participants, action }` (participants as JIDs) with `participantsData`, each member's phone as the
   * group's participant list gives it (the JID's user part when it does not).
   */
  groupChange: async (
    input: { groupId: string; members: TEvolutionGroupMember[]; action: 'add' | 'remove' | 'promote' | 'demote' },
    author: string | null = null,
    instanceName?: string,
  ) => {
    const instance = instanceNamed(state, instanceName);
    const group = state.groups.get(input.groupId);
    if (!group) throw new Error(`no group ${input.groupId}`);
    changeMembers(group, input.members, input.action);
    if (instance.settings.groupsIgnore) return null;
    const participantsData = input.members.map((member) => {
      const listed = group.participants.find((item) => item.id === member.id);
      return { jid: member.id, phoneNumber: listed?.phoneNumber ?? member.id.split('@')[0], name: undefined };
    });
    return emitEvent(state, instance, 'group-participants.update', {
      id: input.groupId,
      author: author ?? undefined,
      participants: input.members.map((member) => member.id),
      action: input.action,
      participantsData,
    });
  },
  /** The session ends (logged out on the phone: 401, banned: 403...): `connection.update` close. */
  drop: async (statusReason = 401, instanceName?: string) => {
    const instance = instanceNamed(state, instanceName);
    instance.state = 'close';
    return emitEvent(state, instance, 'connection.update', { instance: instance.name, state: 'close', statusReason });
  },
});
