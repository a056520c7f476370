import type { TRowKind } from './tenant-rows.js';

/** The row a path parameter names, for routes acting inside the tenant; undefined when it names none. */
export const rowOfParam = (url: string, param: string): TRowKind | undefined => {
  switch (param) {
    case 'ticketId':
      return 'ticket';
    case 'messageId':
      return 'message';
    case 'contactId':
      return 'contact';
    case 'whatsappId':
      return 'connection';
    case 'stepId':
      return 'autoReplyStep';
    case 'id': {
      const resource = url.split('/')[1] ?? '';
      const kinds: Record<string, TRowKind> = {
        users: 'user',
        usersIsOnline: 'user',
        queue: 'queue',
        reasons: 'reason',
        tags: 'tag',
        fastreply: 'fastReply',
        farewellPrivateMessage: 'farewell',
        'auto-reply': 'autoReply',
        'auto-reply-action': 'autoReplyAction',
        'chat-flow': 'chatFlow',
        'chat-flow-import': 'chatFlow',
        ticketNotes: 'note',
        variables: 'variable',
        whatsapp: 'connection',
        campaigns: 'campaign',
        banList: 'groupBan',
        wordList: 'groupWord',
        greetingMessage: 'groupGreeting',
        farewellMessage: 'groupFarewell',
        groupFarewellPrivateMessage: 'groupFarewellPrivate',
        groupLinkList: 'groupLink',
      };
      return kinds[resource];
    }
    default:
      return undefined;
  }
};
