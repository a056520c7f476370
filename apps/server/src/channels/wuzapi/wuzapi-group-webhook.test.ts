import { describe, expect, it } from 'vitest';
import { parseWuzapiPayload } from './wuzapi-webhook.js';

// wuzapi's group deliveries: a member's message in a group (whatsmeow's MessageInfo with the group as `Chat`)
// and `GroupInfo`, whatsmeow's member changes, as wuzapi marshals them into `jsonData`.

const group = '120363000000000001@g.us';
const member = '5511977770002';

const groupMessage = (info: Record<string, unknown>) => ({
  type: 'Message',
  event: {
    Info: {
      Chat: group,
      Sender: `${member}:4@s.whatsapp.net`,
      IsFromMe: false,
      IsGroup: true,
      AddressingMode: 'pn',
      SenderAlt: '',
      ID: '3AGRP001',
      PushName: 'Rita',
      Timestamp: '2025-10-01T12:00:00-03:00',
      ...info,
    },
    Message: { conversation: 'Bom dia, grupo' },
  },
});

/** `events.GroupInfo` as Go marshals it: every list present, null when empty. */
const groupInfo = (lists: Record<string, string[]>, sender: string | null = null) => ({
  type: 'GroupInfo',
  event: {
    JID: group,
    Notify: '',
    Sender: sender,
    SenderPN: sender,
    Timestamp: '2025-10-01T15:00:00Z',
    Name: null,
    Topic: null,
    JoinReason: '',
    Join: null,
    Leave: null,
    Promote: null,
    Demote: null,
    UnknownChanges: null,
    ...lists,
  },
});

const events = (payload: Record<string, unknown>) => parseWuzapiPayload(payload) ?? [];

describe('wuzapi group messages', () => {
  it('reads a member writing in a group: the member as sender, the group and their JID without the device', () => {
    expect(events(groupMessage({}))).toEqual([
      expect.objectContaining({
        kind: 'message',
        externalId: '3AGRP001',
        from: { kind: 'phone', value: member },
        group: { id: '120363000000000001', participant: `${member}@s.whatsapp.net` },
        name: 'Rita',
        body: 'Bom dia, grupo',
      }),
    ]);
  });

  it('in a LID group, takes the phone from SenderAlt and keeps the member named by their LID', () => {
    const lid = events(
      groupMessage({ Sender: '22233344455566@lid', SenderAlt: `${member}@s.whatsapp.net`, AddressingMode: 'lid' }),
    );
    expect(lid[0]).toMatchObject({
      from: { kind: 'phone', value: member, lid: '22233344455566' },
      group: { id: '120363000000000001', participant: '22233344455566@lid' },
    });
    const lidOnly = events(groupMessage({ Sender: '22233344455566@lid', AddressingMode: 'lid' }));
    expect(lidOnly[0]).toMatchObject({ from: { kind: 'lid', value: '22233344455566' } });
  });

  it('skips our own messages in a group and messages with no sender', () => {
    expect(events(groupMessage({ IsFromMe: true }))).toEqual([]);
    expect(events(groupMessage({ Sender: '' }))).toEqual([]);
  });
});

describe('wuzapi GroupInfo', () => {
  it('turns joins, leaves, promotions and demotions into member changes, with who did it', () => {
    expect(events(groupInfo({ Join: [`${member}@s.whatsapp.net`] }, '5511911112222@s.whatsapp.net'))).toEqual([
      {
        kind: 'group-participants',
        change: {
          groupId: group,
          participants: [{ id: `${member}@s.whatsapp.net`, number: member }],
          action: 'add',
          author: '5511911112222@s.whatsapp.net',
        },
      },
    ]);
    const several = events(
      groupInfo({ Leave: ['5511966660001@s.whatsapp.net'], Promote: [`${member}@s.whatsapp.net`] }),
    );
    expect(several.map((event) => event.kind === 'group-participants' && event.change.action)).toEqual([
      'remove',
      'promote',
    ]);
    expect(events(groupInfo({ Demote: [`${member}@s.whatsapp.net`] }))[0]).toMatchObject({
      change: { action: 'demote', author: null },
    });
  });

  it('names a LID member by the LID alone (wuzapi gives no phone beside it)', () => {
    expect(events(groupInfo({ Join: ['99988877766655@lid'] }))[0]).toMatchObject({
      change: { participants: [{ id: '99988877766655@lid', number: null }] },
    });
  });

  it('gives nothing for a change of name or topic, or a JID that is not a group', () => {
    expect(events({ type: 'GroupInfo', event: { ...groupInfo({}).event, Name: { Name: 'Novo' } } })).toEqual([]);
    expect(
      events({ type: 'GroupInfo', event: { JID: `${member}@s.whatsapp.net`, Join: ['1@s.whatsapp.net'] } }),
    ).toEqual([]);
    expect(events({ type: 'GroupInfo', event: null })).toEqual([]);
  });
});
