import { describe, expect, it } from 'vitest';
import { groupJidOf, memberPhone, zapiGroupPhone } from './zapi-groups-api.js';
import { parseZapiWebhook } from './zapi-webhook.js';

const instanceId = '3E1F0A9C2B7D4E5F8A6B1C0D9E8F7A01';

/** A ReceivedCallback of a group's chat, as Z-API documents them (on-message-received's group examples). */
const inGroup = (extra: Record<string, unknown>) => ({
  isGroup: true,
  isNewsletter: false,
  instanceId,
  messageId: '3A0GRP1',
  phone: '120363423529374305-group',
  connectedPhone: '5511940002000',
  fromMe: false,
  momment: 1_773_845_888_000,
  status: 'RECEIVED',
  chatName: 'Linux Foundation',
  senderName: 'Linus Torvalds',
  participantPhone: '5544999999999',
  participantLid: '99999999999999@lid',
  broadcast: false,
  type: 'ReceivedCallback',
  ...extra,
});

const events = (payload: unknown) => parseZapiWebhook(payload)?.events ?? [];
const notified = (notification: string, members: unknown[], extra: Record<string, unknown> = {}) =>
  events(inGroup({ notification, notificationParameters: members, ...extra }));

describe('Z-API groups in the webhook', () => {
  it("reads a member's message: the member (phone, LID beside), their own name (not the group's), the group", () => {
    expect(events(inGroup({ text: { message: 'Bom dia' } }))).toEqual([
      expect.objectContaining({
        kind: 'message',
        externalId: '3A0GRP1',
        from: { kind: 'phone', value: '5544999999999', lid: '99999999999999' },
        name: 'Linus Torvalds',
        body: 'Bom dia',
        groupId: '120363423529374305',
      }),
    ]);
    // A member known by the LID alone; a group made before November 2021; a member with no name given.
    const lidOnly = events(inGroup({ text: { message: 'x' }, participantPhone: null, senderName: '' }));
    expect(lidOnly[0]).toMatchObject({ from: { kind: 'lid', value: '99999999999999' }, name: null });
    const old = events(inGroup({ text: { message: 'x' }, phone: '5511999999999-1623281429' }));
    expect(old[0]).toMatchObject({ groupId: '5511999999999-1623281429' });
    // Our own messages in the group are ours already.
    expect(events(inGroup({ text: { message: 'x' }, fromMe: true }))).toEqual([]);
  });

  it('turns joins and leaves into the members change, with who did it', () => {
    const groupId = '120363423529374305@g.us';
    expect(notified('GROUP_PARTICIPANT_ADD', ['5511977770002', '5511977770003'])).toEqual([
      {
        kind: 'group-participants',
        change: {
          groupId,
          participants: [
            { id: '5511977770002@s.whatsapp.net', number: '5511977770002' },
            { id: '5511977770003@s.whatsapp.net', number: '5511977770003' },
          ],
          action: 'add',
          author: '5544999999999@s.whatsapp.net',
        },
      },
    ]);
    const change = (notification: string, members: unknown[]) =>
      (notified(notification, members)[0] as { change?: { action: string; participants: unknown[] } })?.change;
    expect(change('GROUP_PARTICIPANT_INVITE', ['5511977770002'])?.action).toBe('add');
    expect(change('GROUP_PARTICIPANT_REMOVE', ['5511977770002'])?.action).toBe('remove');
    expect(change('GROUP_PARTICIPANT_LEAVE', ['5511977770002'])?.action).toBe('remove');
    expect(change('GROUP_PARTICIPANT_PROMOTE', ['5511977770002'])?.action).toBe('promote');
    expect(change('GROUP_PARTICIPANT_DEMOTE', ['5511977770002'])?.action).toBe('demote');
    // A member known by a LID alone has no number; what is neither a number nor a LID is nobody.
    expect(change('GROUP_PARTICIPANT_LEAVE', ['99988877766655@lid', 'fulano', 42])?.participants).toEqual([
      { id: '99988877766655@lid', number: null },
    ]);
    // Reported even when our own number did it (fromMe), as Baileys reports them.
    expect(notified('GROUP_PARTICIPANT_REMOVE', ['5511977770002'], { fromMe: true })).toHaveLength(1);
    expect(notified('GROUP_PARTICIPANT_ADD', ['5511977770002'], { participantPhone: null })[0]).toMatchObject({
      change: { author: null },
    });
  });

  it('skips the other notifications of a group, and changes that name nobody', () => {
    expect(notified('MEMBERSHIP_APPROVAL_REQUEST', ['5511977770002'])).toEqual([]);
    expect(notified('GROUP_MEMBER_LINK_PROPERTY_UPDATE', [])).toEqual([]);
    expect(notified('GROUP_CREATE', ['Equipe'])).toEqual([]);
    expect(notified('GROUP_PARTICIPANT_ADD', [])).toEqual([]);
    // Not a group's chat: a one-to-one chat's notification is not a members change.
    expect(notified('GROUP_PARTICIPANT_ADD', ['5511977770002'], { isGroup: false, phone: '5511977770002' })).toEqual(
      [],
    );
  });

  it("names groups and members the way Z-API's calls take them", () => {
    expect(zapiGroupPhone('120363019502650977@g.us')).toBe('120363019502650977-group');
    expect(zapiGroupPhone('5511999999999-1623281429@g.us')).toBe('5511999999999-1623281429');
    expect(groupJidOf('120363019502650977-group')).toBe('120363019502650977@g.us');
    expect(groupJidOf('5511999999999-1623281429')).toBe('5511999999999-1623281429@g.us');
    expect(groupJidOf('120363019502650977@g.us')).toBe('120363019502650977@g.us');
    for (const notGroup of ['5511987650001', '81896604192873@lid', '120363@newsletter', null]) {
      expect(groupJidOf(notGroup)).toBeNull();
    }
    expect(memberPhone('5511977770002@s.whatsapp.net')).toBe('5511977770002');
    expect(memberPhone('5511977770002:12@s.whatsapp.net')).toBe('5511977770002');
    expect(memberPhone('99988877766655@lid')).toBe('99988877766655@lid');
  });
});
