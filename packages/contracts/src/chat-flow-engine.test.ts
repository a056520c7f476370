import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TFlowDocument, type TFlowDocumentInput, ZFlowDocument } from './chat-flow.js';
import { DEFAULT_INVALID_OPTION_MESSAGE, enterFlow, findStep, inactivityDueAt, stepFlow } from './chat-flow-engine.js';
import type { TFlowOutcome, TFlowOutgoing, TFlowState } from './chat-flow-engine-types.js';
import { validateFlow } from './chat-flow-validate.js';

const FLOW_ID = 11;
const T0 = '2026-11-25T12:00:00.000Z';
const T1 = '2026-11-25T12:01:00.000Z';

type TConfigInput = Extract<TFlowDocumentInput['nodeList'][number], { type: 'configurations' }>['configurations'];
type TStepInput = Extract<TFlowDocumentInput['nodeList'][number], { type: 'node' }>;

/** A valid flow (checked by validateFlow) of these steps; lines are drawn from the go-to conditions. */
const buildFlow = (steps: TStepInput[], configurations: TConfigInput = {}, first = steps[0]?.id): TFlowDocument => {
  const lines = steps.flatMap((s) =>
    (s.conditions ?? []).filter((c) => c.action === 0).map((c) => ({ from: s.id, to: c.nextStepId ?? '' })),
  );
  const flow = ZFlowDocument.parse({
    nodeList: [
      { id: 'start', type: 'start' },
      { id: 'configurations', type: 'configurations', configurations },
      ...steps,
    ],
    lineList: [...(first ? [{ from: 'start', to: first }] : []), ...lines],
  });
  expect(validateFlow(flow)).toEqual([]);
  return flow;
};

const say = (message: string, id = `m-${message}`) => ({ id, type: 'MessageField' as const, data: { message } });

/** Menu -> (1 Vendas -> (1 Novos -> queue 5, 2 Usados -> queue 6), 2 Suporte -> user 3), 9 closes. */
const menuFlow = (configurations: TConfigInput = {}) =>
  buildFlow(
    [
      {
        id: 'menu',
        type: 'node',
        interactions: [
          say('Olá {{name}}!'),
          {
            id: 'opts',
            type: 'MessageOptionsField',
            data: {
              message: 'Escolha:',
              options: [
                { id: 'o1', label: 'Vendas' },
                { id: 'o2', label: 'Suporte' },
              ],
            },
          },
        ],
        conditions: [
          { id: 'c-vendas', type: 'R', condition: ['1', 'vendas'], action: 0, nextStepId: 'vendas' },
          { id: 'c-suporte', type: 'R', condition: ['2', 'suporte'], action: 2, userIdDestination: 3 },
          { id: 'c-sair', type: 'R', condition: ['9'], action: 3 },
        ],
      },
      {
        id: 'vendas',
        type: 'node',
        interactions: [say('1 - Novos, 2 - Usados')],
        conditions: [
          { id: 'c-novos', type: 'R', condition: ['1'], action: 0, nextStepId: 'novos' },
          { id: 'c-usados', type: 'R', condition: ['2'], action: 1, queueId: 6 },
        ],
      },
      {
        id: 'novos',
        type: 'node',
        interactions: [say('Qual modelo? 1 - Carro, 2 - Moto')],
        conditions: [{ id: 'c-modelo', type: 'R', condition: ['1', '2'], action: 1, queueId: 5 }],
      },
    ],
    {
      welcomeMessage: { message: 'Um atendente já vai falar com você.' },
      farewellMessage: { message: 'Até logo!' },
      notOptionsSelectMessage: { message: 'Opção inválida.', stepReturn: 'A' },
      maxRetryBotMessage: { number: 3, type: 1, destiny: 8 },
      autoDistributeTickets: 'B',
      ...configurations,
    },
  );

const enter = (flow: TFlowDocument, over: Partial<{ isFirstContact: boolean; inBusinessHours: boolean }> = {}) =>
  enterFlow(flow, FLOW_ID, {
    kind: 'enter',
    text: 'oi',
    at: T0,
    isFirstContact: false,
    inBusinessHours: true,
    ...over,
  });

const answer = (flow: TFlowDocument, state: TFlowState | null, text: string, inBusinessHours = true, at = T1) => {
  if (!state) throw new Error('the ticket already left the flow');
  return stepFlow(flow, state, { kind: 'message', text, at, inBusinessHours });
};

const sent = (outcome: TFlowOutcome) =>
  outcome.outgoing.map((o: TFlowOutgoing) =>
    o.kind === 'text' ? `${o.reason}: ${o.text}` : `${o.interaction.type}:${o.interaction.id}`,
  );

describe('enterFlow', () => {
  it('sends the first step without taking the entering message as an answer', () => {
    const flow = menuFlow();
    const outcome = enterFlow(flow, FLOW_ID, {
      kind: 'enter',
      text: '2',
      at: T0,
      isFirstContact: false,
      inBusinessHours: true,
    });
    expect(outcome.state).toEqual({
      chatFlowId: FLOW_ID,
      stepId: 'menu',
      retries: 0,
      variables: {},
      lastInteractionAt: T0,
    });
    expect(sent(outcome)).toEqual(['MessageField:m-Olá {{name}}!', 'MessageOptionsField:opts']);
    expect(outcome.exit).toBeNull();
    expect(outcome.log).toEqual([{ reason: 'flow-start', stepId: 'menu' }]);
  });

  it('out of hours goes straight to the out-of-hours destination, with no menu', () => {
    const flow = menuFlow({ outOpenHours: { type: 1, destiny: 4 }, firstInteraction: { type: 2, destiny: 3 } });
    const outcome = enter(flow, { inBusinessHours: false, isFirstContact: true });
    expect(outcome).toEqual({
      state: null,
      outgoing: [],
      exit: { kind: 'queue', queueId: 4, distribute: 'B' },
      log: [{ reason: 'out-of-hours', exit: 'queue' }],
    });
    // Without an out-of-hours destination the flow runs (the tenant's absence rule decides what to say).
    expect(enter(menuFlow(), { inBusinessHours: false }).state?.stepId).toBe('menu');
  });

  it("routes a contact's first ticket to the first-interaction destination with the welcome message", () => {
    const flow = menuFlow({ firstInteraction: { type: 2, destiny: 3 } });
    const first = enter(flow, { isFirstContact: true });
    expect(first.exit).toEqual({ kind: 'user', userId: 3 });
    expect(sent(first)).toEqual(['welcome: Um atendente já vai falar com você.']);
    expect(first.log).toEqual([{ reason: 'first-interaction', exit: 'user' }]);
    expect(enter(flow, { isFirstContact: false }).state?.stepId).toBe('menu');
  });

  it('a flow whose start leads nowhere hands the ticket to people', () => {
    const flow = menuFlow();
    flow.lineList = flow.lineList.filter((l) => l.from !== 'start');
    const outcome = enter(flow);
    expect(outcome.exit).toEqual({ kind: 'queue', queueId: null, distribute: 'B' });
    expect(outcome.log).toEqual([{ reason: 'flow-start' }, { reason: 'missing-step', exit: 'queue' }]);
    const state: TFlowState = { chatFlowId: FLOW_ID, stepId: 'gone', retries: 0, variables: {}, lastInteractionAt: T0 };
    expect(answer(flow, state, '1').log).toEqual([{ reason: 'missing-step', exit: 'queue' }]);
  });
});

describe('stepFlow: answers', () => {
  it('reads a menu option by its number or its label, whichever the condition lists', () => {
    const flow = menuFlow();
    const menu = enter(flow);
    // "Suporte" is listed; a customer who types the number of the option still meets it.
    expect(answer(flow, menu.state, '2').exit).toEqual({ kind: 'user', userId: 3 });
    // A tapped button comes back as its label: "9" is listed, but no option is labelled so: no match.
    expect(answer(flow, menu.state, 'Sair').log[0]).toMatchObject({ reason: 'invalid-option' });
    const numbersOnly = menuFlow();
    const step = numbersOnly.nodeList.find((node) => node.id === 'menu');
    if (step?.type !== 'node') throw new Error('no menu');
    step.conditions = step.conditions.map((c) => ({ ...c, condition: c.condition.filter((w) => /\d/.test(w)) }));
    expect(answer(numbersOnly, menu.state, 'Suporte').exit).toEqual({ kind: 'user', userId: 3 });
    expect(answer(numbersOnly, menu.state, '  VENDAS ').state?.stepId).toBe('vendas');
  });

  it('walks a three-level menu to a queue, with the welcome message', () => {
    const flow = menuFlow();
    const menu = enter(flow);
    const vendas = answer(flow, menu.state, 'Vendas!');
    expect(vendas.state).toMatchObject({ stepId: 'vendas', retries: 0, lastInteractionAt: T1 });
    expect(sent(vendas)).toEqual(['MessageField:m-1 - Novos, 2 - Usados']);
    expect(vendas.log).toEqual([
      { reason: 'condition', stepId: 'menu', conditionId: 'c-vendas' },
      { reason: 'step', stepId: 'vendas' },
    ]);
    const novos = answer(flow, vendas.state, ' 1 ');
    expect(novos.state?.stepId).toBe('novos');
    const done = answer(flow, novos.state, '2');
    expect(done.state).toBeNull();
    expect(done.exit).toEqual({ kind: 'queue', queueId: 5, distribute: 'B' });
    expect(sent(done)).toEqual(['welcome: Um atendente já vai falar com você.']);
    expect(done.log).toEqual([{ reason: 'condition', stepId: 'novos', conditionId: 'c-modelo', exit: 'queue' }]);
  });

  it('takes the keycap emoji "2️⃣" as option 2', () => {
    const flow = menuFlow();
    const outcome = answer(flow, enter(flow).state, '2️⃣');
    expect(outcome.exit).toEqual({ kind: 'user', userId: 3 });
  });

  it('a close condition closes with the farewell message', () => {
    const flow = menuFlow();
    const outcome = answer(flow, enter(flow).state, '9');
    expect(outcome.exit).toEqual({ kind: 'close' });
    expect(sent(outcome)).toEqual(['farewell: Até logo!']);
  });

  it('a US condition takes any answer, after the listed ones that come first', () => {
    const flow = buildFlow([
      {
        id: 'ask',
        type: 'node',
        interactions: [say('Deixe seu recado')],
        conditions: [
          { id: 'c-urgente', type: 'R', condition: ['urgente'], action: 1, queueId: 1 },
          { id: 'c-resto', type: 'US', action: 1, queueId: 2 },
        ],
      },
    ]);
    const state = enter(flow).state;
    expect(answer(flow, state, 'URGENTE').exit).toMatchObject({ queueId: 1 });
    expect(answer(flow, state, 'meu pedido não chegou').exit).toMatchObject({ queueId: 2 });
  });
});

describe('stepFlow: invalid answers', () => {
  it('resends the step with the invalid-option text, and hands over with the welcome at the third', () => {
    const flow = menuFlow();
    const first = answer(flow, enter(flow).state, 'banana');
    expect(first.state).toMatchObject({ stepId: 'menu', retries: 1, lastInteractionAt: T1 });
    expect(sent(first)).toEqual([
      'invalid-option: Opção inválida.',
      'MessageField:m-Olá {{name}}!',
      'MessageOptionsField:opts',
    ]);
    expect(first.log).toEqual([{ reason: 'invalid-option', stepId: 'menu' }]);
    const second = answer(flow, first.state, '7');
    expect(second.state?.retries).toBe(2);
    const third = answer(flow, second.state, 'hã?');
    expect(third.state).toBeNull();
    expect(third.exit).toEqual({ kind: 'queue', queueId: 8, distribute: 'B' });
    expect(sent(third)).toEqual(['welcome: Um atendente já vai falar com você.']);
    expect(third.log).toEqual([{ reason: 'retries-limit', stepId: 'menu', exit: 'queue' }]);
  });

  it('a valid answer resets the count on the next step', () => {
    const flow = menuFlow();
    const wrong = answer(flow, enter(flow).state, 'x');
    expect(answer(flow, wrong.state, '1').state?.retries).toBe(0);
  });

  it('stepReturn S goes back to the first step, keeping the count', () => {
    const flow = menuFlow({ notOptionsSelectMessage: { message: 'Não entendi.', stepReturn: 'S' } });
    const vendas = answer(flow, enter(flow).state, '1');
    const back = answer(flow, vendas.state, 'talvez');
    expect(back.state).toMatchObject({ stepId: 'menu', retries: 1 });
    expect(sent(back)).toEqual([
      'invalid-option: Não entendi.',
      'MessageField:m-Olá {{name}}!',
      'MessageOptionsField:opts',
    ]);
    expect(back.log).toEqual([
      { reason: 'invalid-option', stepId: 'vendas' },
      { reason: 'step', stepId: 'menu' },
    ]);
  });

  it('an emptied invalid-option text on a step that sends nothing still gets the default text', () => {
    const flow = buildFlow(
      [
        {
          id: 'silent',
          type: 'node',
          conditions: [{ id: 'c', type: 'R', condition: ['sim'], action: 3 }],
        },
      ],
      { notOptionsSelectMessage: { message: '', stepReturn: 'A' }, maxRetryBotMessage: { number: 5, type: 1 } },
    );
    const outcome = answer(flow, enter(flow).state, 'não');
    expect(sent(outcome)).toEqual([`invalid-option: ${DEFAULT_INVALID_OPTION_MESSAGE}`]);
    // With a text of its own or a step to resend, an emptied text stays off.
    const menu = menuFlow({ notOptionsSelectMessage: { message: '', stepReturn: 'A' } });
    expect(sent(answer(menu, enter(menu).state, 'x'))).toEqual([
      'MessageField:m-Olá {{name}}!',
      'MessageOptionsField:opts',
    ]);
  });

  it('with no retry limit and no text, the default text still answers every time', () => {
    const flow = menuFlow({ maxRetryBotMessage: null, notOptionsSelectMessage: { message: '', stepReturn: 'A' } });
    let state = enter(flow).state;
    for (let i = 1; i <= 25; i += 1) {
      const outcome = answer(flow, state, 'nada');
      expect(outcome.outgoing[0]).toEqual({
        kind: 'text',
        text: DEFAULT_INVALID_OPTION_MESSAGE,
        reason: 'invalid-option',
      });
      expect(outcome.state?.retries).toBe(i);
      state = outcome.state;
    }
  });

  it('a retry limit of type close closes with the farewell, not the welcome', () => {
    const flow = menuFlow({ maxRetryBotMessage: { number: 1, type: 3 } });
    const outcome = answer(flow, enter(flow).state, 'x');
    expect(outcome.exit).toEqual({ kind: 'close' });
    expect(sent(outcome)).toEqual(['farewell: Até logo!']);
  });
});

describe('stepFlow: keywords, hours and a changed flow', () => {
  it('a close word closes the ticket with the farewell, from any step', () => {
    const flow = menuFlow({ answerCloseTicket: ['sair', 'Encerrar atendimento'] });
    const vendas = answer(flow, enter(flow).state, '1');
    const outcome = answer(flow, vendas.state, 'encerrar  ATENDIMENTO.');
    expect(outcome.exit).toEqual({ kind: 'close' });
    expect(sent(outcome)).toEqual(['farewell: Até logo!']);
    expect(outcome.log).toEqual([{ reason: 'close-keyword', stepId: 'vendas', exit: 'close' }]);
  });

  it('the restart keyword starts over from the first step with a clean count', () => {
    const flow = menuFlow({ keyword: { message: 'Menu' } });
    const vendas = answer(flow, enter(flow).state, '1');
    const wrong = answer(flow, vendas.state, '?');
    const restarted = answer(flow, wrong.state, 'menu');
    expect(restarted.state).toMatchObject({ stepId: 'menu', retries: 0, lastInteractionAt: T1 });
    expect(sent(restarted)).toEqual(['MessageField:m-Olá {{name}}!', 'MessageOptionsField:opts']);
    expect(restarted.log).toEqual([{ reason: 'restart-keyword', stepId: 'menu' }]);
  });

  it('out of hours with a destination, an answer goes there', () => {
    const flow = menuFlow({ outOpenHours: { type: 3 } });
    const outcome = answer(flow, enter(flow).state, '1', false);
    expect(outcome.exit).toEqual({ kind: 'close' });
    expect(outcome.log).toEqual([{ reason: 'out-of-hours', stepId: 'menu', exit: 'close' }]);
    expect(answer(flow, enter(flow).state, '1', true).state?.stepId).toBe('vendas');
  });

  it('a step deleted under the ticket starts the flow over', () => {
    const flow = menuFlow();
    const state: TFlowState = { chatFlowId: FLOW_ID, stepId: 'gone', retries: 2, variables: {}, lastInteractionAt: T0 };
    const outcome = answer(flow, state, '1');
    expect(outcome.state).toMatchObject({ stepId: 'menu', retries: 0, lastInteractionAt: T1 });
    expect(outcome.log).toEqual([
      { reason: 'missing-step', stepId: 'gone' },
      { reason: 'step', stepId: 'menu' },
    ]);
    expect(sent(outcome)).toHaveLength(2);
  });
});

describe('interactions', () => {
  it('a jump to another flow ends the step there: what follows is not sent', () => {
    const flow = buildFlow([
      {
        id: 'menu',
        type: 'node',
        interactions: [say('Escolha')],
        conditions: [{ id: 'c', type: 'R', condition: ['1'], action: 0, nextStepId: 'pula' }],
      },
      {
        id: 'pula',
        type: 'node',
        interactions: [
          say('Vou te levar ao financeiro'),
          { id: 'jump', type: 'ChatFlowField', data: { chatFlowId: 42 } },
          say('nunca enviado'),
        ],
        conditions: [{ id: 'c2', type: 'US', action: 1 }],
      },
    ]);
    const outcome = answer(flow, enter(flow).state, '1');
    expect(outcome.state).toBeNull();
    expect(outcome.exit).toEqual({ kind: 'jump', chatFlowId: 42 });
    expect(sent(outcome)).toEqual(['MessageField:m-Vou te levar ao financeiro']);
    expect(outcome.log).toEqual([
      { reason: 'condition', stepId: 'menu', conditionId: 'c' },
      { reason: 'step', stepId: 'pula', exit: 'jump' },
    ]);
  });

  it('a first step that jumps at once leaves on entering', () => {
    const flow = buildFlow([
      {
        id: 'pula',
        type: 'node',
        interactions: [{ id: 'jump', type: 'ChatFlowField', data: { chatFlowId: 42 } }],
        conditions: [{ id: 'c', type: 'US', action: 1 }],
      },
    ]);
    const outcome = enter(flow);
    expect(outcome).toEqual({
      state: null,
      outgoing: [],
      exit: { kind: 'jump', chatFlowId: 42 },
      log: [{ reason: 'flow-start', stepId: 'pula', exit: 'jump' }],
    });
  });

  it('an assistant step sends what comes before it, then hands the ticket to that assistant', () => {
    const flow = buildFlow([
      {
        id: 'ia',
        type: 'node',
        interactions: [
          say('Vou te passar para a assistente'),
          { id: 'passa', type: 'AssistantField', data: { provider: 'claude' } },
          say('nunca enviado'),
        ],
        conditions: [{ id: 'c', type: 'US', action: 1 }],
      },
    ]);
    const outcome = enter(flow);
    expect(outcome.state).toBeNull();
    expect(outcome.exit).toEqual({ kind: 'assistant', provider: 'claude' });
    expect(sent(outcome)).toEqual(['MessageField:m-Vou te passar para a assistente']);
    expect(outcome.log).toEqual([{ reason: 'flow-start', stepId: 'ia', exit: 'assistant' }]);
  });

  it('tag, webhook, delay and kanban pass through in order for the server to perform', () => {
    const flow = buildFlow([
      {
        id: 'acoes',
        type: 'node',
        interactions: [
          { id: 'tag', type: 'TagField', data: { tagId: 2 } },
          { id: 'hook', type: 'WebhookField', data: { url: 'https://example.com/hook', variable: 'pedido' } },
          { id: 'wait', type: 'DelayField', data: { seconds: 5 } },
          say('Seu pedido: {{pedido}}', 'msg'),
          { id: 'lane', type: 'KanbanField', data: { kanban: 7 } },
        ],
        conditions: [{ id: 'c', type: 'US', action: 1 }],
      },
    ]);
    const outcome = enter(flow);
    expect(sent(outcome)).toEqual([
      'TagField:tag',
      'WebhookField:hook',
      'DelayField:wait',
      'MessageField:msg',
      'KanbanField:lane',
    ]);
    expect(outcome.state?.stepId).toBe('acoes');
  });

  it('flow variables travel with the ticket from step to step', () => {
    const flow = menuFlow();
    const state = enter(flow).state;
    if (!state) throw new Error('no state');
    const vendas = answer(flow, { ...state, variables: { pedido: '123' } }, '1');
    expect(vendas.state?.variables).toEqual({ pedido: '123' });
  });
});

describe('inactivity', () => {
  const flow = menuFlow({
    notResponseMessage: { time: 10, type: 2, destiny: 3, message: 'Vou te passar a um atendente.' },
  });
  const state = (): TFlowState => {
    const s = enter(flow).state;
    if (!s) throw new Error('no state');
    return s;
  };

  it('is due time minutes after the last interaction, and off with time 0 or no rule', () => {
    expect(inactivityDueAt(flow, state())).toBe('2026-11-25T12:10:00.000Z');
    const off = menuFlow({ notResponseMessage: { time: 0, type: 1 } });
    expect(inactivityDueAt(off, state())).toBeNull();
    expect(inactivityDueAt(menuFlow(), state())).toBeNull();
    const early = stepFlow(off, state(), { kind: 'inactivity', at: '2026-11-30T00:00:00.000Z' });
    expect(early).toEqual({ state: state(), outgoing: [], exit: null, log: [] });
  });

  it('before the due time nothing happens and the timer is not moved', () => {
    const s = state();
    const outcome = stepFlow(flow, s, { kind: 'inactivity', at: '2026-11-25T12:09:59.999Z' });
    expect(outcome).toEqual({ state: s, outgoing: [], exit: null, log: [] });
  });

  it('at the due time the inactivity text goes out and the ticket goes to its destination', () => {
    const outcome = stepFlow(flow, state(), { kind: 'inactivity', at: '2026-11-25T12:10:00.000Z' });
    expect(outcome.state).toBeNull();
    expect(outcome.exit).toEqual({ kind: 'user', userId: 3 });
    expect(sent(outcome)).toEqual(['inactivity: Vou te passar a um atendente.']);
    expect(outcome.log).toEqual([{ reason: 'inactivity', stepId: 'menu', exit: 'user' }]);
  });

  it('an answer moves the timer', () => {
    const moved = answer(flow, state(), '1', true, '2026-11-25T12:08:00.000Z').state;
    if (!moved) throw new Error('no state');
    expect(inactivityDueAt(flow, moved)).toBe('2026-11-25T12:18:00.000Z');
  });
});

describe('findStep', () => {
  it('finds steps only', () => {
    const flow = menuFlow();
    expect(findStep(flow, 'vendas')?.id).toBe('vendas');
    expect(findStep(flow, 'start')).toBeNull();
    expect(findStep(flow, 'nope')).toBeNull();
  });
});

describe('no customer is left in silence', () => {
  it('any run of answers keeps getting a reply until the ticket leaves the flow', () => {
    const answers = fc.constantFrom('1', '2', '9', '2️⃣', 'vendas', 'banana', '', '   ', 'menu', 'sair', '🔟');
    const settings = fc.record({
      maxRetryBotMessage: fc.option(
        fc.record({ number: fc.integer({ min: 1, max: 5 }), type: fc.constantFrom(1, 2, 3) }),
      ),
      notOptionsSelectMessage: fc.record({
        message: fc.constantFrom('', 'Opção inválida.'),
        stepReturn: fc.constantFrom('A', 'S'),
      }),
      answerCloseTicket: fc.constantFrom<string[]>([], ['sair']),
      keyword: fc.constantFrom({ message: '' }, { message: 'menu' }),
    });
    fc.assert(
      fc.property(settings, fc.array(answers, { maxLength: 30 }), (config, texts) => {
        const { maxRetryBotMessage, ...rest } = config;
        const flow = menuFlow({
          ...rest,
          maxRetryBotMessage: maxRetryBotMessage && {
            ...maxRetryBotMessage,
            destiny: maxRetryBotMessage.type === 2 ? 3 : null,
          },
        });
        let outcome = enter(flow);
        for (const text of texts) {
          if (!outcome.state) break;
          const before = outcome.state;
          outcome = answer(flow, before, text);
          expect(outcome.exit !== null || outcome.outgoing.length > 0).toBe(true);
          if (outcome.state && maxRetryBotMessage)
            expect(outcome.state.retries).toBeLessThan(maxRetryBotMessage.number);
        }
      }),
      { numRuns: 150 },
    );
  });
});
