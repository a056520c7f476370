import { describe, expect, it } from 'vitest';
import { parseUazapiWebhook } from './uazapi-webhook.js';

// uazapi's group deliveries, in the shapes real servers post (github.com/TitoBahe/uazapi-webhook-events-examples,
// groups/*.json and messages/group-chat/*): a member's message in a group, and `groups` (whatsmeow's GroupInfo
// with the members' LIDs beside them, `JoinLid` / `LeaveLid`).

const owner = '558185464605';
const group = '120363324913602723@g.us';
const token = 'xxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

const groupMessage = (fields: Record<string, unknown>) => ({
  BaseUrl: 'https://loja.uazapi.com',
  EventType: 'messages',
  chat: { wa_chatid: group, wa_isGroup: true, name: 'Full Group Teste' },
  instanceName: 'prosa-1-2-abcdef01',
  message: {
    chatid: group,
    content: { text: 'Teste', contextInfo: { expiration: 7776000 } },
    edited: '',
    fromMe: false,
    groupName: 'Full Group Teste',
    id: `${owner}:AC399F128CAF89629C0DFC9FFF373BB2`,
    isGroup: true,
    mediaType: '',
    messageTimestamp: 1_769_801_002_000,
    messageType: 'ExtendedTextMessage',
    messageid: 'AC399F128CAF89629C0DFC9FFF373BB2',
    owner,
    quoted: '',
    reaction: '',
    sender: '123456789012345@lid',
    senderName: 'Tito Bahé',
    sender_lid: '123456789012345@lid',
    sender_pn: '40723973035@s.whatsapp.net',
    text: 'Teste',
    type: 'text',
    wasSentByApi: false,
    ...fields,
  },
  owner,
  token,
});

/** A `groups` delivery: whatsmeow's GroupInfo (lists null when empty), the LIDs beside, uazapi's extras. */
const groups = (lists: Record<string, unknown>, sender: string | null = '558184522492@s.whatsapp.net') => ({
  BaseUrl: 'https://loja.uazapi.com',
  EventType: 'groups',
  event: {
    JID: '120363423611502898@g.us',
    Notify: 'Fullzapp Teste - 1',
    Sender: sender,
    SenderPN: sender,
    Timestamp: '2026-04-27T16:45:47Z',
    Name: null,
    Topic: null,
    JoinReason: '',
    Join: null,
    Leave: null,
    Promote: null,
    Demote: null,
    ...lists,
  },
  instanceName: 'VV0uYO',
  owner: '558184522492',
  token,
  type: 'Group',
});

const events = (payload: unknown) => parseUazapiWebhook(payload)?.events ?? [];

describe('uazapi group messages', () => {
  it('reads a member writing in a group: the member by their phone, the group and the JID the group knows', () => {
    expect(events(groupMessage({}))).toEqual([
      expect.objectContaining({
        kind: 'message',
        externalId: 'AC399F128CAF89629C0DFC9FFF373BB2',
        from: { kind: 'phone', value: '40723973035', lid: '123456789012345' },
        group: { id: '120363324913602723', participant: '123456789012345@lid' },
        name: 'Tito Bahé',
        body: 'Teste',
      }),
    ]);
  });

  it('keeps a member uazapi knows by their LID alone, and skips a group flag without a group chat', () => {
    expect(events(groupMessage({ sender_pn: '' }))[0]).toMatchObject({
      from: { kind: 'lid', value: '123456789012345' },
      group: { participant: '123456789012345@lid' },
    });
    expect(events(groupMessage({ chatid: '5511987650001@s.whatsapp.net' }))).toEqual([]);
    expect(events(groupMessage({ fromMe: true }))).toEqual([]);
  });
});

describe('uazapi groups', () => {
  it('turns a join into a member change: the member by their phone JID, who added them', () => {
    const joined = groups({ Join: ['558185464605@s.whatsapp.net'], JoinLid: ['249666952265850@lid'] });
    expect(parseUazapiWebhook(joined)).toEqual({
      instanceName: 'VV0uYO',
      owner: '558184522492',
      events: [
        {
          kind: 'group-participants',
          change: {
            groupId: '120363423611502898@g.us',
            participants: [{ id: '558185464605@s.whatsapp.net', number: '558185464605' }],
            action: 'add',
            author: '558184522492@s.whatsapp.net',
          },
        },
      ],
    });
  });

  it('reads leaves, promotions and demotions; a LID member takes the phone beside it when there is one', () => {
    const left = events(groups({ Leave: ['249666952265850@lid'], LeaveLid: ['558185464605@s.whatsapp.net'] }, null));
    expect(left).toEqual([
      {
        kind: 'group-participants',
        change: {
          groupId: '120363423611502898@g.us',
          participants: [{ id: '249666952265850@lid', number: '558185464605' }],
          action: 'remove',
          author: null,
        },
      },
    ]);
    const roles = events(
      groups({ Promote: ['5511911112222@s.whatsapp.net'], Demote: ['5511933330001@s.whatsapp.net'] }),
    );
    expect(roles.map((event) => event.kind === 'group-participants' && event.change.action)).toEqual([
      'promote',
      'demote',
    ]);
  });

  it('reads the documented { event, instance, data } envelope too; a name change is no member change', () => {
    const data = {
      event: 'groups',
      instance: 'r1a2b3c4',
      data: { event: groups({ Join: ['558185464605@s.whatsapp.net'] }).event, type: 'Group' },
      owner: '558184522492',
      token,
    };
    expect(events(data)).toEqual([expect.objectContaining({ kind: 'group-participants' })]);
    expect(events(groups({ Name: { Name: 'Novo nome' } }))).toEqual([]);
  });
});
