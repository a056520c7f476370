// The two loads `bench/inbound-with-flow.ts` runs, and the flow document of each.
//
// `steady` (the engine's worst case): the same visitors write all along, and the flow keeps every ticket in the
// bot: one step whose only condition is a word nobody says, no retry limit, so each customer message that is an
// answer gets the invalid-option text and the step again (two bot messages per run).
//
// `triage` (what a flow on every ticket does in a tenant's day, domain 5.3): conversations of
// BENCH_CONVERSATION_MESSAGES customer messages (default 4), each from a new visitor. The first message creates
// the contact and the ticket, which enters the flow and gets its greeting; the second is any answer, which hands
// the ticket to a queue with the welcome message; the rest wait for people (the engine still runs each of them
// and finds the ticket already handed over). `none` runs the same conversations on a server with no flow.
import { request } from './lib.js';
import { openWebchatVisitors, startWebchatSessions } from './webchat-visitors.js';

export type TFlowShape = 'steady' | 'triage';

export const INVALID = 'Opção inválida.';
const GREETING = 'Olá! Em que podemos ajudar?';
const WELCOME = 'Obrigado! Um atendente já vai falar com você.';

/** The bot messages the bench counts, and how many each stands for. */
export const botMessageWeight = (shape: TFlowShape, body: string): number => {
  if (shape === 'steady') return body === INVALID ? 2 : 0;
  return body === GREETING || body === WELCOME ? 1 : 0;
};

const start = { id: 'start', type: 'start', name: 'Início' };

export const flowDocument = (shape: TFlowShape, queueId: number) =>
  shape === 'steady'
    ? {
        nodeList: [
          start,
          {
            id: 'configurations',
            type: 'configurations',
            name: 'Configurações',
            configurations: { notOptionsSelectMessage: { message: INVALID, stepReturn: 'A' } },
          },
          {
            id: 'menu',
            type: 'node',
            name: 'Menu',
            interactions: [{ id: 'i1', type: 'MessageField', data: { message: 'Digite a palavra secreta.' } }],
            conditions: [{ id: 'c1', type: 'R', condition: ['palavra-secreta'], action: 3 }],
          },
        ],
        lineList: [{ from: 'start', to: 'menu' }],
      }
    : {
        nodeList: [
          start,
          {
            id: 'configurations',
            type: 'configurations',
            name: 'Configurações',
            configurations: { welcomeMessage: { message: WELCOME } },
          },
          {
            id: 'greeting',
            type: 'node',
            name: 'Saudação',
            interactions: [{ id: 'i1', type: 'MessageField', data: { message: GREETING } }],
            conditions: [{ id: 'c1', type: 'US', action: 1, queueId }],
          },
        ],
        lineList: [{ from: 'start', to: 'greeting' }],
      };

/** A queue for the triage flow to hand tickets to (the steady flow hands none over). */
export const createBenchQueue = async (base: string, token: string): Promise<number> => {
  const created = await request<{ id: number }>(base, 'POST', '/queue', { token, body: { queue: 'Atendimento' } });
  if (created.status !== 201) throw new Error(`create queue: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
};

const perConversation = Number(process.env.BENCH_CONVERSATION_MESSAGES ?? 4);

/** Whether customer message `seq` waits for a bot message (triage: a conversation's first two do). */
export const expectsBotReply = (shape: TFlowShape, seq: number, count: number): boolean =>
  shape === 'steady' || Math.floor(seq / count) % perConversation < 2;

/**
 * The visitors and who writes each message: `steady`, round robin over `count` open conversations; `triage`,
 * round robin over `count` live conversations, each replaced by a new visitor after its last message (enough
 * sessions started for `total` messages).
 */
export const openVisitorsFor = async (
  shape: TFlowShape,
  base: string,
  adminToken: string,
  count: number,
  total: number,
): Promise<{ channel: string; visitorOf: (seq: number) => string }> => {
  if (shape === 'steady') {
    const { channel, visitors } = await openWebchatVisitors(base, adminToken, count);
    return { channel, visitorOf: (seq) => visitors[seq % visitors.length] as string };
  }
  const { channel, sessions } = await startWebchatSessions(
    base,
    adminToken,
    Math.ceil(total / perConversation) + count,
  );
  // Conversation k writes messages k, k + count, k + 2 count...: its n-th message is number seq / count.
  const visitorOf = (seq: number) => {
    const slot = seq % count;
    const round = Math.floor(seq / count);
    return sessions[Math.floor(round / perConversation) * count + slot] as string;
  };
  return { channel, visitorOf };
};
