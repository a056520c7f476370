import {
  CONFIGURATIONS_NODE_ID,
  START_NODE_ID,
  type TFlowCondition,
  type TFlowConfigurations,
  type TFlowDestination,
  type TFlowDocument,
  type TFlowStepNode,
  ZFlowConfigurations,
} from './chat-flow.js';
import { isListedAnswer, normaliseAnswer } from './chat-flow-answer.js';
import type {
  TFlowExit,
  TFlowInput,
  TFlowLog,
  TFlowOutcome,
  TFlowOutgoing,
  TFlowState,
} from './chat-flow-engine-types.js';

/**
 * The chat-flow engine (domain 5.2-5.3): a pure function of the flow, the ticket's state and what happened.
 * No clock and no I/O: times come in the inputs, and the server (or the builder's simulator) performs the
 * outcome. Unlike the family's bot, a customer is never left in the flow without an answer: every invalid
 * answer gets a reply, and a flow that lost its steps hands the ticket to people.
 */

/** Sent on an invalid answer when the flow has no text of its own and no retry limit to end the loop. */
export const DEFAULT_INVALID_OPTION_MESSAGE = 'Desculpe, não entendi. Escolha uma das opções.';

const DEFAULT_CONFIGURATIONS: TFlowConfigurations = ZFlowConfigurations.parse({});

type TEnterInput = Extract<TFlowInput, { kind: 'enter' }>;
type TStepInput = Extract<TFlowInput, { kind: 'message' | 'inactivity' }>;
type TMessageInput = Extract<TFlowInput, { kind: 'message' }>;

/** The step with this id, or null (the start and configurations nodes are not steps). */
export const findStep = (flow: TFlowDocument, stepId: string): TFlowStepNode | null => {
  const node = flow.nodeList.find((n) => n.id === stepId);
  return node?.type === 'node' ? node : null;
};

/** The flow's settings; a document without its configurations node runs on the defaults. */
export const findConfigurations = (flow: TFlowDocument): TFlowConfigurations => {
  const node = flow.nodeList.find((n) => n.id === CONFIGURATIONS_NODE_ID);
  return node?.type === 'configurations' ? node.configurations : DEFAULT_CONFIGURATIONS;
};

/** The step the start's line points to, or null when the flow has none. */
export const findFirstStep = (flow: TFlowDocument): TFlowStepNode | null => {
  const line = flow.lineList.find((l) => l.from === START_NODE_ID);
  return line ? findStep(flow, line.to) : null;
};

/** When the inactivity rule fires for this state (ISO), or null when the flow has it off. */
export const inactivityDueAt = (flow: TFlowDocument, state: TFlowState): string | null => {
  const rule = findConfigurations(flow).notResponseMessage;
  if (!rule || rule.time <= 0) return null;
  const last = Date.parse(state.lastInteractionAt);
  if (Number.isNaN(last)) return null;
  return new Date(last + rule.time * 60_000).toISOString();
};

const toExit = (destination: TFlowDestination, config: TFlowConfigurations): TFlowExit => {
  switch (destination.type) {
    case 1:
      return { kind: 'queue', queueId: destination.destiny, distribute: config.autoDistributeTickets };
    case 2:
      // NOTE: validation refuses a user hand-off without a user; should one slip through, people still get it.
      return destination.destiny === null
        ? { kind: 'queue', queueId: null, distribute: config.autoDistributeTickets }
        : { kind: 'user', userId: destination.destiny };
    case 3:
      return { kind: 'close' };
    default: {
      const never: never = destination.type;
      return never;
    }
  }
};

const conditionExit = (condition: TFlowCondition, config: TFlowConfigurations): TFlowExit | null => {
  switch (condition.action) {
    case 0:
      return null;
    case 1:
      return toExit({ type: 1, destiny: condition.queueId }, config);
    case 2:
      return toExit({ type: 2, destiny: condition.userIdDestination }, config);
    case 3:
      return { kind: 'close' };
    default: {
      const never: never = condition.action;
      return never;
    }
  }
};

const text = (value: string, reason: Extract<TFlowOutgoing, { kind: 'text' }>['reason']): TFlowOutgoing[] =>
  value.trim() ? [{ kind: 'text', text: value, reason }] : [];

/** The texts that go with leaving: the welcome message on a hand-off, the farewell on a close. */
const partingTexts = (exit: TFlowExit, config: TFlowConfigurations): TFlowOutgoing[] => {
  switch (exit.kind) {
    case 'queue':
    case 'user':
      return text(config.welcomeMessage.message, 'welcome');
    case 'close':
      return text(config.farewellMessage.message, 'farewell');
    case 'jump':
    case 'assistant':
      return [];
    default: {
      const never: never = exit;
      return never;
    }
  }
};

const leave = (exit: TFlowExit, outgoing: TFlowOutgoing[], log: TFlowLog[]): TFlowOutcome => ({
  state: null,
  outgoing,
  exit,
  log,
});

/** A flow that cannot run (no first step): the ticket goes to people rather than waiting on a silent bot. */
const missingStepExit = (config: TFlowConfigurations, stepId?: string): TFlowOutcome =>
  leave(
    { kind: 'queue', queueId: null, distribute: config.autoDistributeTickets },
    [],
    [{ reason: 'missing-step', ...(stepId ? { stepId } : {}), exit: 'queue' }],
  );

/**
 * The ticket arrives at a step: its interactions go out in order, up to a `ChatFlowField`, which ends the
 * step there and jumps to that flow (what follows it is not sent).
 */
const arriveAt = (
  step: TFlowStepNode,
  base: { chatFlowId: number; retries: number; variables: Record<string, string>; at: string },
  before: TFlowOutgoing[],
  log: TFlowLog[],
): TFlowOutcome => {
  const outgoing = [...before];
  for (const interaction of step.interactions) {
    if (interaction.type === 'ChatFlowField' || interaction.type === 'AssistantField') {
      // What the step said before this item goes out; the ticket then jumps, or goes to the assistant.
      const exit: TFlowExit =
        interaction.type === 'ChatFlowField'
          ? { kind: 'jump', chatFlowId: interaction.data.chatFlowId }
          : { kind: 'assistant', provider: interaction.data.provider };
      const last = log.at(-1);
      const exitLog: TFlowLog[] =
        last?.stepId === step.id && !last.exit
          ? [...log.slice(0, -1), { ...last, exit: exit.kind }]
          : [...log, { reason: 'step', stepId: step.id, exit: exit.kind }];
      return leave(exit, outgoing, exitLog);
    }
    outgoing.push({ kind: 'interaction', interaction });
  }
  return {
    state: {
      chatFlowId: base.chatFlowId,
      stepId: step.id,
      retries: base.retries,
      variables: base.variables,
      lastInteractionAt: base.at,
    },
    outgoing,
    exit: null,
    log,
  };
};

/** Start (or start over) at the step the start's line points to. */
const startOver = (
  flow: TFlowDocument,
  base: { chatFlowId: number; retries: number; variables: Record<string, string>; at: string },
  before: TFlowOutgoing[],
  log: TFlowLog,
): TFlowOutcome => {
  const config = findConfigurations(flow);
  const first = findFirstStep(flow);
  if (!first) {
    const missing = missingStepExit(config);
    return log.reason === 'missing-step' ? missing : { ...missing, log: [log, ...missing.log] };
  }
  // A log that already names its step (an invalid answer there) is followed by the step the ticket goes back to.
  const logs: TFlowLog[] = log.stepId ? [log, { reason: 'step', stepId: first.id }] : [{ ...log, stepId: first.id }];
  return arriveAt(first, base, before, logs);
};

/**
 * A ticket enters the flow with the customer's first message, which is not matched against any condition:
 * out of hours it goes to the out-of-hours destination, a contact's first ticket to the first-interaction
 * destination, and otherwise it receives the first step.
 */
export const enterFlow = (flow: TFlowDocument, chatFlowId: number, input: TEnterInput): TFlowOutcome => {
  const config = findConfigurations(flow);
  if (config.outOpenHours && !input.inBusinessHours) {
    // The tenant's absence rule speaks out of hours: no welcome here, so the customer is not told twice.
    const exit = toExit(config.outOpenHours, config);
    return leave(exit, [], [{ reason: 'out-of-hours', exit: exit.kind }]);
  }
  if (config.firstInteraction && input.isFirstContact) {
    const exit = toExit(config.firstInteraction, config);
    return leave(exit, partingTexts(exit, config), [{ reason: 'first-interaction', exit: exit.kind }]);
  }
  return startOver(flow, { chatFlowId, retries: 0, variables: {}, at: input.at }, [], { reason: 'flow-start' });
};

/**
 * What an answer to the step may be read as: the text itself and, where it picks an option of the step's menu
 * (by its number or its label: a tapped button or list row comes back as the label), both the number and the
 * label. A condition listing "1" then meets "Vendas", and one listing "Vendas" meets "1".
 */
export const answerReadings = (step: TFlowStepNode, answer: string): string[] => {
  const said = normaliseAnswer(answer);
  const readings = [answer];
  for (const interaction of step.interactions) {
    if (interaction.type !== 'MessageOptionsField') continue;
    interaction.data.options.forEach((option, index) => {
      const number = String(index + 1);
      if (said !== '' && (said === number || said === normaliseAnswer(option.label)))
        readings.push(number, option.label);
    });
  }
  return readings;
};

const matchCondition = (step: TFlowStepNode, answer: string): TFlowCondition | undefined => {
  const readings = answerReadings(step, answer);
  return step.conditions.find(
    (c) => c.type === 'US' || (c.type === 'R' && readings.some((reading) => isListedAnswer(c.condition, reading))),
  );
};

const onNoMatch = (
  flow: TFlowDocument,
  state: TFlowState,
  step: TFlowStepNode,
  config: TFlowConfigurations,
  at: string,
): TFlowOutcome => {
  const limit = config.maxRetryBotMessage;
  if (limit && state.retries + 1 >= limit.number) {
    const exit = toExit(limit, config);
    return leave(exit, partingTexts(exit, config), [{ reason: 'retries-limit', stepId: step.id, exit: exit.kind }]);
  }
  const { message, stepReturn } = config.notOptionsSelectMessage;
  // Without a retry limit the loop only ends when the customer answers right: never leave them unanswered.
  const invalid = text(limit || message.trim() ? message : DEFAULT_INVALID_OPTION_MESSAGE, 'invalid-option');
  const base = { chatFlowId: state.chatFlowId, retries: state.retries + 1, variables: state.variables, at };
  const log: TFlowLog = { reason: 'invalid-option', stepId: step.id };
  const outcome = stepReturn === 'S' ? startOver(flow, base, invalid, log) : arriveAt(step, base, invalid, [log]);
  // An emptied text on a step that sends nothing would leave the customer in silence: say something.
  if (outcome.exit === null && outcome.outgoing.length === 0)
    return { ...outcome, outgoing: text(DEFAULT_INVALID_OPTION_MESSAGE, 'invalid-option') };
  return outcome;
};

const onMessage = (flow: TFlowDocument, state: TFlowState, input: TMessageInput): TFlowOutcome => {
  const config = findConfigurations(flow);
  const answer = normaliseAnswer(input.text);
  const fresh = { chatFlowId: state.chatFlowId, retries: 0, variables: {}, at: input.at };

  const keyword = normaliseAnswer(config.keyword.message);
  if (keyword && answer === keyword) return startOver(flow, fresh, [], { reason: 'restart-keyword' });

  if (isListedAnswer(config.answerCloseTicket, input.text)) {
    const exit: TFlowExit = { kind: 'close' };
    return leave(exit, partingTexts(exit, config), [{ reason: 'close-keyword', stepId: state.stepId, exit: 'close' }]);
  }

  if (config.outOpenHours && !input.inBusinessHours) {
    const exit = toExit(config.outOpenHours, config);
    return leave(exit, [], [{ reason: 'out-of-hours', stepId: state.stepId, exit: exit.kind }]);
  }

  const step = findStep(flow, state.stepId);
  // The flow was edited under the ticket: the answer was to a step that no longer exists, so start over.
  if (!step) return startOver(flow, fresh, [], { reason: 'missing-step', stepId: state.stepId });

  const condition = matchCondition(step, input.text);
  if (!condition) return onNoMatch(flow, state, step, config, input.at);

  const exit = conditionExit(condition, config);
  if (exit) {
    const log: TFlowLog = { reason: 'condition', stepId: step.id, conditionId: condition.id, exit: exit.kind };
    return leave(exit, partingTexts(exit, config), [log]);
  }
  const log: TFlowLog = { reason: 'condition', stepId: step.id, conditionId: condition.id };
  const next = condition.nextStepId ? findStep(flow, condition.nextStepId) : null;
  if (!next) {
    const missing = missingStepExit(config, condition.nextStepId ?? undefined);
    return { ...missing, log: [log, ...missing.log] };
  }
  const base = { chatFlowId: state.chatFlowId, retries: 0, variables: state.variables, at: input.at };
  return arriveAt(next, base, [], [log, { reason: 'step', stepId: next.id }]);
};

const onInactivity = (flow: TFlowDocument, state: TFlowState, at: string): TFlowOutcome => {
  const config = findConfigurations(flow);
  const due = inactivityDueAt(flow, state);
  const rule = config.notResponseMessage;
  // Not due (or off): the customer answered since the timer was set, so nothing happens and the timer stays.
  if (!rule || due === null || Date.parse(due) > Date.parse(at)) return { state, outgoing: [], exit: null, log: [] };
  const exit = toExit(rule, config);
  return leave(exit, text(rule.message, 'inactivity'), [
    { reason: 'inactivity', stepId: state.stepId, exit: exit.kind },
  ]);
};

/** A ticket already in the flow: the customer answered, or the inactivity job asks whether they stopped. */
export const stepFlow = (flow: TFlowDocument, state: TFlowState, input: TStepInput): TFlowOutcome => {
  switch (input.kind) {
    case 'message':
      return onMessage(flow, state, input);
    case 'inactivity':
      return onInactivity(flow, state, input.at);
    default: {
      const never: never = input;
      return never;
    }
  }
};
