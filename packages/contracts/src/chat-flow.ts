import { z } from 'zod';
import { ZAnswererProvider } from './assistants.js';
import { ZRowId } from './common.js';

/**
 * A chat flow (domain 2.11): a versioned document of nodes and lines, with one `start` node, one
 * `configurations` node and the steps (`node`) between. The engine follows each step's `conditions`; the
 * `lineList` is what the builder draws and must agree with them (see chat-flow-validate.ts).
 */
export const CHAT_FLOW_VERSION = 1;
export const START_NODE_ID = 'start';
export const CONFIGURATIONS_NODE_ID = 'configurations';
export const MAX_FLOW_NODES = 300;

const ZText = z.string().max(4096);
const ZNodeId = z.string().trim().min(1).max(64);
const ZPosition = z.number().finite().min(-100_000).max(100_000);

/** What one step sends, in order. */
export const ZFlowInteraction = z.discriminatedUnion('type', [
  z.object({ id: ZNodeId, type: z.literal('MessageField'), data: z.object({ message: ZText }) }),
  z.object({
    id: ZNodeId,
    type: z.literal('MediaField'),
    data: z.object({
      mediaUrl: z.string().max(2048),
      mimeType: z.string().max(200),
      name: z.string().max(300),
      caption: ZText.default(''),
    }),
  }),
  z.object({
    id: ZNodeId,
    type: z.literal('MessageOptionsField'),
    data: z.object({
      message: ZText,
      /** Shown as numbered text lines ("1 - Vendas"), or as buttons / a list where the channel has them. */
      display: z.enum(['text', 'buttons', 'list']).default('text'),
      options: z
        .array(z.object({ id: ZNodeId, label: z.string().trim().min(1).max(100) }))
        .min(1)
        .max(10),
    }),
  }),
  z.object({
    id: ZNodeId,
    type: z.literal('DelayField'),
    data: z.object({ seconds: z.number().int().min(1).max(60) }),
  }),
  z.object({
    id: ZNodeId,
    type: z.literal('WebhookField'),
    data: z.object({
      url: z.url({ protocol: /^https?$/ }).max(2048),
      method: z.enum(['GET', 'POST']).default('POST'),
      /** The answer's body is kept in this flow variable (`{{variable}}` in later texts). */
      variable: z
        .string()
        .regex(/^[a-zA-Z_][a-zA-Z0-9_]{0,39}$/)
        .optional(),
    }),
  }),
  z.object({ id: ZNodeId, type: z.literal('ChatFlowField'), data: z.object({ chatFlowId: ZRowId }) }),
  /** Hands the customer to an AI assistant or a bot, which answers from here on (docs/ai.md). */
  z.object({ id: ZNodeId, type: z.literal('AssistantField'), data: z.object({ provider: ZAnswererProvider }) }),
  z.object({ id: ZNodeId, type: z.literal('TagField'), data: z.object({ tagId: ZRowId }) }),
  z.object({ id: ZNodeId, type: z.literal('KanbanField'), data: z.object({ kanban: ZRowId }) }),
]);
export type TFlowInteraction = z.infer<typeof ZFlowInteraction>;
export type TFlowInteractionType = TFlowInteraction['type'];

/** 0 go to a step, 1 hand to a queue (none: to every attendant), 2 hand to a user, 3 close the ticket. */
export const FLOW_ACTIONS = { step: 0, queue: 1, user: 2, close: 3 } as const;
export const ZFlowAction = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type TFlowAction = z.infer<typeof ZFlowAction>;

/** `US`: any answer; `R`: one of the listed answers (case, accents, spaces and emoji digits aside). */
export const ZFlowCondition = z.object({
  id: ZNodeId,
  type: z.enum(['US', 'R']),
  condition: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  action: ZFlowAction,
  nextStepId: ZNodeId.nullable().default(null),
  queueId: ZRowId.nullable().default(null),
  userIdDestination: ZRowId.nullable().default(null),
});
export type TFlowCondition = z.infer<typeof ZFlowCondition>;

/**
 * Where a ticket goes when the flow lets it go: 1 queue, 2 user, 3 closed. `destiny` is the queue or user id;
 * a queue hand-off without one leaves the ticket pending for every attendant.
 */
export const ZFlowDestination = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  destiny: ZRowId.nullable().default(null),
});
export type TFlowDestination = z.infer<typeof ZFlowDestination>;

export const ZFlowConfigurations = z.object({
  notOptionsSelectMessage: z
    .object({ message: ZText, stepReturn: z.enum(['A', 'S']).default('A') })
    .default({ message: '', stepReturn: 'A' }),
  /** The customer stopped answering for `time` minutes (0: never): `message`, then the destination. */
  notResponseMessage: z
    .object({ time: z.number().int().min(0).max(10_080), message: ZText.default('') })
    .and(ZFlowDestination)
    .nullable()
    .default(null),
  welcomeMessage: z.object({ message: ZText }).default({ message: '' }),
  /** After `number` invalid answers in a row, the destination. */
  maxRetryBotMessage: z
    .object({ number: z.number().int().min(1).max(20) })
    .and(ZFlowDestination)
    .nullable()
    .default(null),
  /** Hand-off to a queue picks an online agent of it: N none, R random, B the one with fewest tickets. */
  autoDistributeTickets: z.enum(['N', 'R', 'B']).default('N'),
  answerCloseTicket: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  farewellMessage: z.object({ message: ZText }).default({ message: '' }),
  /** Out of business hours the flow hands the ticket here instead of running (none: the absence rule alone). */
  outOpenHours: ZFlowDestination.nullable().default(null),
  /** A contact's first ticket ever goes here at once instead of through the menu. */
  firstInteraction: ZFlowDestination.nullable().default(null),
  /** The customer writing this word starts the flow over from its first step. */
  keyword: z.object({ message: z.string().trim().max(100) }).default({ message: '' }),
});
export type TFlowConfigurations = z.infer<typeof ZFlowConfigurations>;

const nodeBase = {
  id: ZNodeId,
  name: z.string().trim().max(200).default(''),
  left: ZPosition.default(0),
  top: ZPosition.default(0),
};
export const ZFlowNode = z.discriminatedUnion('type', [
  z.object({ ...nodeBase, type: z.literal('start') }),
  z.object({ ...nodeBase, type: z.literal('configurations'), configurations: ZFlowConfigurations }),
  z.object({
    ...nodeBase,
    type: z.literal('node'),
    interactions: z.array(ZFlowInteraction).max(30).default([]),
    conditions: z.array(ZFlowCondition).max(30).default([]),
  }),
]);
export type TFlowNode = z.infer<typeof ZFlowNode>;
export type TFlowStepNode = Extract<TFlowNode, { type: 'node' }>;

export const ZFlowLine = z.object({ from: ZNodeId, to: ZNodeId });
export type TFlowLine = z.infer<typeof ZFlowLine>;

/** The stored document. Its graph rules (lines to nowhere, loops, ways out) are checked by `validateFlow`. */
export const ZFlowDocument = z.object({
  version: z.literal(CHAT_FLOW_VERSION).default(CHAT_FLOW_VERSION),
  nodeList: z.array(ZFlowNode).min(2).max(MAX_FLOW_NODES),
  lineList: z.array(ZFlowLine).max(MAX_FLOW_NODES * 10),
});
export type TFlowDocument = z.infer<typeof ZFlowDocument>;
export type TFlowDocumentInput = z.input<typeof ZFlowDocument>;

export const ZChatFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  flow: ZFlowDocument,
  isActive: z.boolean(),
  /** While set, only this number runs the flow (the list shows it loudly). */
  celularTeste: z.string().nullable(),
  userId: z.number().int().nullable(),
  /** Rises on every save: a save naming an older revision is refused (409), so two editors never overwrite. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TChatFlow = z.infer<typeof ZChatFlow>;

export const ZChatFlowBody = z.object({
  name: z.string().trim().min(1).max(200),
  flow: ZFlowDocument.optional(),
  isActive: z.boolean().default(true),
  celularTeste: z.string().trim().max(40).nullable().default(null),
});
export type TChatFlowBody = z.input<typeof ZChatFlowBody>;

export const ZChatFlowUpdate = z
  .object({
    name: ZChatFlowBody.shape.name,
    flow: ZFlowDocument,
    isActive: z.boolean(),
    celularTeste: z.string().trim().max(40).nullable(),
    /** The revision the editor started from; omitted: last write wins. */
    revision: z.number().int().min(0),
  })
  .partial()
  .refine((b) => Object.keys(b).some((k) => k !== 'revision'), { message: 'empty update' });
export type TChatFlowUpdate = z.input<typeof ZChatFlowUpdate>;

/** A new flow's document: start, configurations and one greeting step. */
export const newFlowDocument = (): TFlowDocument => ({
  version: CHAT_FLOW_VERSION,
  nodeList: [
    { id: START_NODE_ID, type: 'start', name: 'Início', left: 40, top: 200 },
    {
      id: CONFIGURATIONS_NODE_ID,
      type: 'configurations',
      name: 'Configurações',
      left: 40,
      top: 40,
      configurations: ZFlowConfigurations.parse({
        notOptionsSelectMessage: { message: 'Desculpe, não entendi. Escolha uma das opções.', stepReturn: 'A' },
        maxRetryBotMessage: { number: 3, type: 1, destiny: null },
      }),
    },
    {
      id: 'boas-vindas',
      type: 'node',
      name: 'Boas-vindas',
      left: 320,
      top: 200,
      interactions: [
        { id: 'i1', type: 'MessageField', data: { message: '{{greeting}}, {{name}}! Como podemos ajudar?' } },
      ],
      conditions: [
        { id: 'c1', type: 'US', condition: [], action: 1, nextStepId: null, queueId: null, userIdDestination: null },
      ],
    },
  ],
  lineList: [{ from: START_NODE_ID, to: 'boas-vindas' }],
});
