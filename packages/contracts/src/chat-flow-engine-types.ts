import type { TFlowInteraction } from './chat-flow.js';

/**
 * The chat-flow engine's inputs and outputs. The engine (chat-flow-engine.ts) is a pure function of them:
 * the server runs it under the ticket's row lock and performs what it returns; the builder's simulator runs
 * the same function in the browser.
 */

/** Where one ticket is in its flow, stored with the ticket. */
export type TFlowState = {
  chatFlowId: number;
  /** The step whose answer is awaited. */
  stepId: string;
  /** Invalid answers in a row on this step. */
  retries: number;
  /** Flow variables (a webhook's answer), usable as {{name}} in later texts. */
  variables: Record<string, string>;
  /** ISO time of the last thing the bot sent or received: the inactivity timer counts from it. */
  lastInteractionAt: string;
};

/** What happened to the ticket, for the engine to react to. */
export type TFlowInput =
  /** The ticket enters the flow with the customer's first message (it is not an answer to anything yet). */
  | { kind: 'enter'; text: string; at: string; isFirstContact: boolean; inBusinessHours: boolean }
  /** A customer's message on a ticket already in the flow. */
  | { kind: 'message'; text: string; at: string; inBusinessHours: boolean }
  /** The inactivity job: the customer may have stopped answering. */
  | { kind: 'inactivity'; at: string };

/**
 * One thing to send, in order. Texts still hold their {{variables}}: the sender fills them (ticket, tenant and
 * flow variables). `DelayField` and `WebhookField` are performed in place, so later items wait for them.
 */
export type TFlowOutgoing =
  | { kind: 'interaction'; interaction: TFlowInteraction }
  /** A text of the configurations node (invalid option, welcome, farewell, inactivity). */
  | { kind: 'text'; text: string; reason: 'invalid-option' | 'welcome' | 'farewell' | 'inactivity' };

/** How the ticket leaves the flow (or jumps to another), applied after the messages are queued. */
export type TFlowExit =
  | { kind: 'queue'; queueId: number | null; distribute: 'N' | 'R' | 'B' }
  | { kind: 'user'; userId: number }
  | { kind: 'close' }
  /** An `AssistantField`: an AI assistant or a bot answers the ticket from here on. */
  | { kind: 'assistant'; provider: string }
  /** A `ChatFlowField`: the ticket enters that flow's first step (the server loads it and runs `enter`). */
  | { kind: 'jump'; chatFlowId: number };

/** Why a step happened, written to the ticket's logs so the agent sees where the bot handed over. */
export type TFlowLogReason =
  | 'flow-start'
  | 'step'
  | 'invalid-option'
  | 'retries-limit'
  | 'close-keyword'
  | 'restart-keyword'
  | 'inactivity'
  | 'out-of-hours'
  | 'first-interaction'
  | 'condition'
  | 'missing-step';

export type TFlowLog = { reason: TFlowLogReason; stepId?: string; conditionId?: string; exit?: TFlowExit['kind'] };

export type TFlowOutcome = {
  /** The new state; null: the ticket left the flow (see `exit`). */
  state: TFlowState | null;
  outgoing: TFlowOutgoing[];
  exit: TFlowExit | null;
  log: TFlowLog[];
};
