import type { TProfile } from '@prosa/contracts';
import type { TRowKind } from './tenant-rows.js';

/**
 * Who may call each route. `public`: no token (login, webhooks with their own token, health, docs, the web
 * chat visitor, media by capability URL). Otherwise the profiles allowed; `self|…`: every profile on its own
 * user, the named level on anyone's. `tenant`: the route acts inside the caller's tenant, so another
 * tenant's id in its path answers 404.
 */
export type TLevel = 'any' | 'self|supervisor' | 'self|admin' | 'supervisor' | 'manager' | 'admin' | 'platform';
export type TProtectedAccess = { level: TLevel; tenant: boolean; body?: object };
export type TAccess = { level: 'public' } | TProtectedAccess;

export const allowedProfiles: Record<TLevel, readonly TProfile[]> = {
  any: ['user', 'supervisor', 'super', 'admin', 'superadmin'],
  'self|supervisor': ['supervisor', 'super', 'admin', 'superadmin'],
  'self|admin': ['admin', 'superadmin'],
  supervisor: ['supervisor', 'super', 'admin', 'superadmin'],
  manager: ['super', 'admin', 'superadmin'],
  admin: ['admin', 'superadmin'],
  platform: ['superadmin'],
};

const pub: TAccess = { level: 'public' };
const any: TProtectedAccess = { level: 'any', tenant: true };
const supervisor: TProtectedAccess = { level: 'supervisor', tenant: true };
const manager: TProtectedAccess = { level: 'manager', tenant: true };
const admin: TProtectedAccess = { level: 'admin', tenant: true };
const platform: TProtectedAccess = { level: 'platform', tenant: false };
const withBody = (access: TProtectedAccess, body: object): TAccess => ({ ...access, body });

const text = { body: 'Olá' };

export const accessMatrix: Record<string, TAccess> = {
  'GET /health': pub,
  'GET /ready': pub,
  'GET /publicEncryptionKey': pub,
  'GET /publicSettings': pub,
  'GET /publicSystemColors': pub,
  'GET /publicBranding': pub,
  'GET /check-version': pub,
  'POST /auth/login': pub,
  'POST /auth/masterkey': pub,
  'POST /auth/signup': pub,
  'POST /auth/refresh_token': pub,
  'POST /auth/logout': pub,
  'POST /password-reset': pub,
  'POST /reset-password': pub,

  'GET /users': any,
  'GET /users/chat-privado': any,
  'GET /users/:id': { level: 'self|supervisor', tenant: true },
  'POST /users': admin,
  'PUT /users/:id': withBody({ level: 'self|admin', tenant: true }, { name: 'Outro nome' }),
  'PUT /users/:id/configs': withBody({ level: 'self|admin', tenant: true }, { isDark: true }),
  'PUT /usersIsOnline/:id': withBody({ level: 'self|admin', tenant: true }, { isOnline: true }),
  'DELETE /users/:id': admin,
  'GET /userTenants': platform,
  'POST /userTenants': platform,
  'PUT /userTenants/:id': platform,
  'DELETE /userTenants/:id': platform,

  'GET /tenants/business-hours': any,
  'PUT /tenants/business-hours': admin,
  'GET /tenants/message-business-hours': any,
  'PUT /tenants/message-business-hours': admin,
  'GET /tenants/rating': any,
  'PUT /tenants/rating': admin,
  'GET /tenants/holidays': any,
  'PUT /tenants/holidays': admin,
  'GET /tenants/timezone': any,
  'PUT /tenants/timezone': withBody(admin, { timezone: 'America/Manaus' }),
  'GET /tenants/systemColors': any,
  'PUT /tenants/systemColors': admin,
  'GET /tenants/branding': any,
  'PUT /tenants/branding': admin,
  'GET /tenants': platform,
  'POST /tenants': platform,
  'GET /tenants/:id': platform,
  'PUT /tenants/:id': platform,
  'PUT /tenantsUpdate/:id': platform,
  'DELETE /tenants/:id': platform,
  'GET /platform/settings': platform,
  'PUT /platform/settings': platform,
  'GET /platform/audit': platform,
  'GET /whatsappTenants': platform,
  'GET /jobs/failed': manager,

  'GET /queue': any,
  'POST /queue': admin,
  'PUT /queue/:id': withBody(admin, { queue: 'Outra fila' }),
  'DELETE /queue/:id': admin,

  'GET /tickets': any,
  'GET /tickets/:ticketId': any,
  'POST /tickets': any,
  'PUT /tickets/:ticketId': withBody(any, { status: 'closed' }),
  'DELETE /tickets/:ticketId': manager,
  'GET /tickets/:ticketId/logs': any,
  'GET /tickets/:ticketId/history': any,
  'PUT /ticketsForce/:ticketId': withBody(any, { status: 'closed' }),
  'PUT /ticketsNull/:ticketId': withBody(any, { status: 'closed' }),
  'POST /ticketsPause/:ticketId/pause': any,
  'POST /ticketsPause/:ticketId/pause/end': any,
  'GET /ticketscheck/:contactId/:whatsappId': any,
  'PUT /ticketsChatBot/:ticketId': withBody(any, { chatFlowId: null }),
  'PUT /ticketsChannelId/:ticketId': withBody(any, { whatsappId: 1 }),
  'PUT /ticketsChannel': manager,
  'PUT /ticketsUpdateAllUnreadMessages': any,
  'GET /ticketsMarkAllUnread': any,
  'PUT /ticketsLastMessageAt': any,
  'POST /ticketsNotification/:ticketId': withBody(any, { type: 'aviso' }),
  'GET /ticketsClear': any,
  'POST /pending/resolvePending': admin,
  'GET /dash-tickets-queues': any,
  'GET /ticketProtocols': any,
  'GET /tickets/:ticketId/service-window': any,

  'GET /messages/:ticketId': any,
  'POST /messages/:ticketId': withBody(any, text),
  'POST /messagesSchedule': any,
  'POST /sendButton': any,
  'GET /scheduleMessages': any,
  'GET /messagesSchedule': any,
  'PUT /messagesSchedule/:messageId': any,
  'POST /messagesSchedule/:messageId/cancel': any,
  'POST /messagesSchedule/:messageId/restore': any,
  'GET /birthdays': any,
  'GET /birthdays/settings': admin,
  'PUT /birthdays/settings': withBody(admin, { settings: [] }),
  'POST /messages/sendBirthday': admin,
  'PATCH /messages/:messageId': withBody(any, { body: 'Editada' }),
  'DELETE /messages': any,
  'DELETE /messages/:messageId': any,
  'POST /messages/:messageId/reaction': withBody(any, { emoji: '👍' }),
  'POST /messages/:messageId/retry': any,
  'POST /messages/:ticketId/typing': any,
  'POST /messages/:ticketId/recording': any,
  'POST /messages/:ticketId/paused': any,
  'GET /messagesContact/:contactId': any,
  'GET /searchMessage': any,
  'GET /exportMessages/:ticketId': any,
  'POST /forward-messages': any,
  'POST /messages/:ticketId/vcard': withBody(any, { contact: { name: 'Ana', number: '5511988887777' } }),
  'POST /messages/:ticketId/location': withBody(any, { location: { latitude: -23.5, longitude: -46.6 } }),
  'POST /messages/reactionMessage': any,
  'POST /messages/editMessage': any,
  'POST /messages/listParticipants': any,
  'POST /messages/mentionMessage': any,
  'POST /messages/mentionAllMessage': any,
  'POST /messages/ghostMessage': any,
  'POST /messages/syncOld': any,
  'POST /messages/syncOldByUser': any,
  'POST /messagesUpdateSyncTime': manager,
  'POST /messages/:ticketId/template': withBody(any, { name: 'boas_vindas', language: 'pt_BR' }),
  'GET /media/*': pub,

  'GET /whatsapp': any,
  'GET /whatsapp/:whatsappId': any,
  'POST /whatsapp': manager,
  'PUT /whatsapp/:whatsappId': withBody(manager, { name: 'Outro nome' }),
  'DELETE /whatsapp/:whatsappId': manager,
  'POST /whatsappsession/:whatsappId': manager,
  'PUT /whatsappsession/:whatsappId': manager,
  'DELETE /whatsappsession/:whatsappId': manager,
  'POST /whatsappsession/:whatsappId/pairing-code': withBody(manager, { phone: '5511988887777' }),
  'PUT /whatsapp/:whatsappId/proxy': withBody(manager, { url: 'http://127.0.0.1:3128' }),
  'POST /whatsapp/:whatsappId/proxy/test': withBody(manager, { url: 'http://127.0.0.1:3128' }),
  'GET /whatsapp/:id/templates': any,
  'POST /whatsapp/:id/templates/sync': manager,

  'GET /contacts': any,
  'GET /contacts/export': supervisor,
  'GET /contacts/duplicates': supervisor,
  'GET /contacts/:contactId': any,
  'POST /contacts': any,
  'PUT /contacts/:contactId': withBody(any, { name: 'Outro nome' }),
  'PUT /contacts/:contactId/block': withBody(any, { blocked: true }),
  'PUT /contacts/:contactId/chatbot-block': withBody(any, { chatbotBlocked: true }),
  'PUT /contact-tags/:contactId': withBody(any, { tags: [] }),
  'PUT /contact-wallet/:contactId': withBody(any, { wallets: [] }),
  'DELETE /contacts/:contactId': supervisor,
  'POST /contacts/upload': supervisor,
  'POST /contacts/merge': supervisor,

  'GET /settings': any,
  'GET /settings/:key': any,
  'PUT /settings/:key': manager,
  'POST /noRedis': admin,

  'GET /reasons': any,
  'POST /reasons': manager,
  'PUT /reasons/:id': withBody(manager, { name: 'Outro' }),
  'DELETE /reasons/:id': manager,
  'GET /variables': any,
  'POST /variables': withBody(manager, { name: 'pix', value: 'x' }),
  'PUT /variables/:id': withBody(manager, { name: 'pix2', value: 'y' }),
  'DELETE /variables/:id': manager,
  'GET /tags': any,
  'POST /tags': manager,
  'PUT /tags/:id': withBody(manager, { tag: 'Outra' }),
  'DELETE /tags/:id': manager,
  'GET /fastreply': any,
  'POST /fastreply': manager,
  'PUT /fastreply/:id': withBody(manager, { message: 'Outra' }),
  'DELETE /fastreply/:id': manager,
  'GET /farewellPrivateMessage': any,
  'POST /farewellPrivateMessage': any,
  'PUT /farewellPrivateMessage/:id': withBody(any, { message: 'Outra' }),
  'DELETE /farewellPrivateMessage/:id': any,
  'GET /auto-reply': any,
  'POST /auto-reply': admin,
  'PUT /auto-reply/:id': withBody(admin, { name: 'Outra' }),
  'DELETE /auto-reply/:id': admin,
  'POST /auto-reply/:id/steps': withBody(admin, { reply: 'Olá' }),
  'PUT /auto-reply/:id/steps/:stepId': withBody(admin, { reply: 'Outra' }),
  'DELETE /auto-reply/:id/steps/:stepId': admin,
  'POST /auto-reply-action': admin,
  'PUT /auto-reply-action/:id': withBody(admin, { words: 'outra' }),
  'DELETE /auto-reply-action/:id': admin,
  'GET /assistants': admin,
  'GET /assistants/:provider': admin,
  'PUT /assistants/:provider': withBody(admin, { enabled: false, model: 'gpt-4o-mini' }),
  'GET /tickets/:id/assistant-runs': any,
  'GET /bots': admin,
  'PUT /bots/:provider': withBody(admin, { provider: 'n8n', enabled: false, url: 'https://n8n.example.com/webhook/x' }),
  'POST /tickets/:id/assistant-suggestion': any,
  'POST /tickets/:id/assistant-summary': any,
  'GET /chat-flow': any,
  'GET /chat-flow/:id': any,
  'POST /chat-flow': withBody(admin, { name: 'Menu' }),
  'PUT /chat-flow/:id': withBody(admin, { name: 'Outro' }),
  'DELETE /chat-flow/:id': admin,
  'POST /chat-flow-duplicate': withBody(admin, { chatFlowId: 2_000_000_000 }),
  'PUT /chat-flow-import/:id': admin,
  'POST /chat-flow-media': admin,
  'GET /ticketNotes': any,
  'GET /ticketNotes/:ticketId/logs': any,
  'POST /ticketNotes': withBody(any, { ticketId: 2_000_000_000, notes: 'Nota' }),
  'PUT /ticketNotes/:id': withBody(any, { notes: 'Outra' }),
  'DELETE /ticketNotes/:id': any,
  'GET /ticketEvaluations': supervisor,
  'GET /ticketEvaluations/:ticketId/logs': any,
  'POST /ticketEvaluations': withBody(admin, { ticketId: 2_000_000_000, evaluation: 4 }),
  'PUT /ticketEvaluations/:id': withBody(admin, { evaluation: 4 }),
  'DELETE /ticketEvaluations/:id': admin,

  'GET /public/webchat/:token': pub,
  'POST /public/webchat/:token/session': pub,
  'GET /public/webchat/:token/messages': pub,
  'POST /public/webchat/:token/messages': pub,
  'POST /public/webchat/:token/media': pub,
  'GET /webchat.js': pub,
  'GET /wabahooks/:token': pub,
  'POST /wabahooks/:token': pub,
  'POST /evolutionhooks/:token': pub,
  'POST /telegramhooks/:token': pub,
  'POST /zapihooks/:token/:secret': pub,
  'POST /uazapihooks/:token': pub,
  'POST /wuzapihooks/:token': pub,
  'GET /instagramhooks/:token': pub,
  'POST /instagramhooks/:token': pub,
  'GET /messengerhooks/:token': pub,
  'POST /messengerhooks/:token': pub,
  'POST /smshooks/:token/:secret': pub,
  'POST /hubhooks/:token/:secret': pub,
};

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
      };
      return kinds[resource];
    }
    default:
      return undefined;
  }
};
