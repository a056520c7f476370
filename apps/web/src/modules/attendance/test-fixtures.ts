import { assistantStatusFields, type TAssistantStatusField, type TMessage, type TTicket } from '@prosa/contracts';

const noAssistants = Object.fromEntries(assistantStatusFields.map((field) => [field, null])) as Record<
  TAssistantStatusField,
  string | null
>;

/** A complete ticket as the API sends it, with overrides (tests only). */
export const makeTicket = (overrides: Partial<TTicket> = {}): TTicket => {
  const id = overrides.id ?? 1;
  const base: TTicket = {
    id,
    status: 'open',
    userId: null,
    queueId: null,
    whatsappId: 1,
    contactId: id,
    contact: {
      id,
      name: `Cliente ${id}`,
      number: `55119999900${String(id).padStart(2, '0')}`,
      email: null,
      profilePicUrl: null,
      isGroup: false,
      wallets: [],
      tags: [],
    },
    name: `Cliente ${id}`,
    username: null,
    profilePicUrl: null,
    isGroup: false,
    kanban: null,
    tags: [],
    chatFlowId: null,
    unreadMessages: 0,
    answered: false,
    lastMessage: 'Olá',
    lastMessageAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    createdAt: '2026-11-20T11:00:00.000Z',
    channel: 'whatsapp',
    protocol: `2026${id}`,
    queue: null,
    isPaused: false,
    totalPauseTime: 0,
    reasonId: null,
    closedAt: null,
    isActiveDemand: false,
    scheduledMessages: 0,
    ...noAssistants,
  };
  return { ...base, ...overrides };
};

/** A complete message as the API sends it, with overrides (tests only). */
export const makeMessage = (overrides: Partial<TMessage> = {}): TMessage => ({
  id: 1,
  messageId: null,
  idFront: null,
  ticketId: 1,
  contactId: 1,
  userId: null,
  fromMe: false,
  body: 'Olá',
  mediaType: 'chat',
  mediaUrl: null,
  mediaName: null,
  status: 'received',
  failureReason: null,
  read: true,
  isDeleted: false,
  edition: null,
  reactions: [],
  quotedMsg: null,
  sendType: 'chat',
  scheduleDate: null,
  timestamp: Date.parse('2026-11-20T12:00:00.000Z'),
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});
