import { describe, expect, it } from 'vitest';
import { newFlowDocument } from './chat-flow.js';
import { enterFlow, findConfigurations, findStep, stepFlow } from './chat-flow-engine.js';
import { importFamilyFlow } from './chat-flow-import.js';
import { validateFlow } from './chat-flow-validate.js';

/** A flow as the family's builder exports it (domain 2.11): px positions, string ids, numbers as strings. */
const familyFlow = () => ({
  name: 'Atendimento principal',
  nodeList: [
    { id: 'start', name: 'Inicio', type: 'start', left: '26px', top: '26px', ico: 'mdi-play', viewOnly: true },
    {
      id: 'configurations',
      name: 'Configurações',
      type: 'configurations',
      left: '100px',
      top: '26px',
      ico: 'mdi-cog',
      viewOnly: true,
      configurations: {
        notOptionsSelectMessage: { message: 'Opção inválida, tente de novo.', stepReturn: 'A' },
        notResponseMessage: { time: '10', type: 1, destiny: '4', message: 'Vamos te encaminhar.' },
        welcomeMessage: { message: 'Aguarde, um atendente vai falar com você.' },
        maxRetryBotMessage: { number: 3, type: 2, destiny: 9 },
        autoDistributeTickets: 'R',
        answerCloseTicket: ['sair', 'encerrar'],
        farewellMessage: { message: 'Obrigado!' },
        outOpenHours: { type: 3, destiny: null },
        firstInteraction: null,
        keyword: { message: '#menu' },
      },
    },
    {
      id: 'a1b2c3',
      name: 'Boas-vindas',
      type: 'node',
      left: '340.5px',
      top: '180px',
      ico: 'mdi-message',
      status: 'success',
      style: {},
      actions: [],
      interactions: [
        { id: '1670000000001', type: 'MessageField', data: { message: 'Olá {{name}}! 1 - Financeiro, 2 - Suporte' } },
        {
          id: '1670000000002',
          type: 'MediaField',
          data: {
            ext: 'pdf',
            mediaUrl: 'http://localhost:3100/public/tabela.pdf',
            media: 'tabela.pdf',
            type: 'application/pdf',
            name: 'tabela.pdf',
            caption: 'Nossa tabela',
          },
        },
        { id: '1670000000003', type: 'TypebotField', data: { typebotUrl: 'https://typebot.io/x', typebotName: 'x' } },
        {
          id: '1670000000004',
          type: 'MessageOptionsField',
          data: { message: 'Ou escolha:', values: [{ label: 'Financeiro' }, 'Suporte'] },
        },
        { id: '1670000000005', type: 'DelayField', data: { time: '90' } },
        { id: '1670000000006', type: 'TagField', data: { tag: '12' } },
        { id: '1670000000007', type: 'WebhookField', data: { webhook: 'https://example.com/hook' } },
        { id: '1670000000008', type: 'KanbanField', data: { kanban: 3 } },
      ],
      conditions: [
        {
          id: 'cond-1',
          type: 'R',
          condition: ['1', 'financeiro'],
          action: '0',
          nextStepId: 'd4e5f6',
          queueId: null,
          userIdDestination: null,
        },
        {
          id: 'cond-2',
          type: 'R',
          condition: ['2'],
          action: 1,
          nextStepId: null,
          queueId: '5',
          userIdDestination: null,
        },
      ],
    },
    {
      id: 'd4e5f6',
      name: 'Financeiro',
      type: 'node',
      left: '640px',
      top: '180px',
      interactions: [
        { id: '1670000000010', type: 'ChatGPTField', data: { chatgptApiKey: 'sk-x', chatgptPrompt: 'p' } },
        { id: '1670000000011', type: 'ChatFlowField', data: { chatFlow: '21' } },
      ],
      conditions: [{ id: 'cond-3', type: 'US', condition: [], action: 2, userIdDestination: 7 }],
    },
    { id: 'timer-1', name: 'Timer', type: 'timer', left: '900px', top: '40px' },
  ],
  lineList: [
    { from: 'start', to: 'a1b2c3', paintStyle: { strokeWidth: 2, stroke: '#1879ff' } },
    { from: 'a1b2c3', to: 'd4e5f6', paintStyle: { strokeWidth: 2, stroke: '#1879ff' } },
    { from: 'd4e5f6', to: 'timer-1' },
  ],
});

const imported = (json: unknown) => {
  const result = importFamilyFlow(json);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result;
};

describe('importFamilyFlow', () => {
  it('maps a family flow to a document that passes the graph rules and runs', () => {
    const { flow, warnings } = imported(familyFlow());
    expect(validateFlow(flow)).toEqual([]);

    const welcome = findStep(flow, 'a1b2c3');
    expect(welcome).toMatchObject({ name: 'Boas-vindas', left: 341, top: 180 });
    expect(welcome?.interactions).toEqual([
      { id: '1670000000001', type: 'MessageField', data: { message: 'Olá {{name}}! 1 - Financeiro, 2 - Suporte' } },
      {
        id: '1670000000002',
        type: 'MediaField',
        data: {
          mediaUrl: 'http://localhost:3100/public/tabela.pdf',
          mimeType: 'application/pdf',
          name: 'tabela.pdf',
          caption: 'Nossa tabela',
        },
      },
      {
        id: '1670000000004',
        type: 'MessageOptionsField',
        data: {
          message: 'Ou escolha:',
          display: 'text',
          options: [
            { id: 'o1', label: 'Financeiro' },
            { id: 'o2', label: 'Suporte' },
          ],
        },
      },
      { id: '1670000000005', type: 'DelayField', data: { seconds: 60 } },
      { id: '1670000000006', type: 'TagField', data: { tagId: 12 } },
      { id: '1670000000007', type: 'WebhookField', data: { url: 'https://example.com/hook', method: 'POST' } },
      { id: '1670000000008', type: 'KanbanField', data: { kanban: 3 } },
    ]);
    expect(welcome?.conditions[0]).toMatchObject({ action: 0, nextStepId: 'd4e5f6', condition: ['1', 'financeiro'] });
    expect(welcome?.conditions[1]).toMatchObject({ action: 1, queueId: 5 });
    expect(findStep(flow, 'd4e5f6')?.interactions).toEqual([
      { id: '1670000000011', type: 'ChatFlowField', data: { chatFlowId: 21 } },
    ]);

    expect(findConfigurations(flow)).toMatchObject({
      notResponseMessage: { time: 10, type: 1, destiny: 4, message: 'Vamos te encaminhar.' },
      maxRetryBotMessage: { number: 3, type: 2, destiny: 9 },
      autoDistributeTickets: 'R',
      answerCloseTicket: ['sair', 'encerrar'],
      outOpenHours: { type: 3, destiny: null },
      firstInteraction: null,
      keyword: { message: '#menu' },
    });

    // What was left out is named: Typebot, ChatGPT, the palette's timer node and the line to it.
    expect(warnings.map((w) => [w.nodeId, w.message])).toEqual([
      ['a1b2c3', 'etapa Typebot não é importada'],
      ['d4e5f6', 'etapa ChatGPT não é importada'],
      ['timer-1', 'nó do tipo "timer" não é importado'],
      ['d4e5f6', 'linha sem condição que a use: não importada'],
    ]);

    const start = enterFlow(flow, 1, {
      kind: 'enter',
      text: 'oi',
      at: '2026-01-01T10:00:00Z',
      isFirstContact: false,
      inBusinessHours: true,
    });
    if (!start.state) throw new Error('the flow did not start');
    const next = stepFlow(flow, start.state, {
      kind: 'message',
      text: 'Financeiro',
      at: '2026-01-01T10:01:00Z',
      inBusinessHours: true,
    });
    expect(next.exit).toEqual({ kind: 'jump', chatFlowId: 21 });
  });

  it('draws the line a go-to condition needs, and fills in a missing configurations node', () => {
    const json = familyFlow();
    json.lineList = [{ from: 'start', to: 'a1b2c3', paintStyle: { strokeWidth: 1, stroke: '#000' } }];
    json.nodeList = json.nodeList.filter((n) => n.type !== 'configurations');
    const { flow } = imported(json);
    expect(flow.lineList).toEqual([
      { from: 'start', to: 'a1b2c3' },
      { from: 'a1b2c3', to: 'd4e5f6' },
    ]);
    expect(findConfigurations(flow).autoDistributeTickets).toBe('N');
    expect(validateFlow(flow)).toEqual([]);
  });

  it('turns a menu it cannot read into a text, and accepts the row or a JSON string around the flow', () => {
    const json = familyFlow();
    const step = json.nodeList[2];
    if (step?.type !== 'node' || !step.interactions) throw new Error('fixture');
    step.interactions = [{ id: 'x', type: 'MessageOptionsField', data: { message: 'Digite seu CPF' } }];
    const { flow } = imported(JSON.stringify({ id: 3, name: 'Fluxo', flow: json }));
    expect(findStep(flow, 'a1b2c3')?.interactions).toEqual([
      { id: 'x', type: 'MessageField', data: { message: 'Digite seu CPF' } },
    ]);
  });

  it('round-trips its own export unchanged', () => {
    const doc = newFlowDocument();
    const result = importFamilyFlow(JSON.parse(JSON.stringify(doc)));
    expect(result).toEqual({ ok: true, flow: doc, warnings: [] });
  });

  it('refuses what is not a flow, naming the node at fault', () => {
    expect(importFamilyFlow({ foo: 1 })).toEqual({
      ok: false,
      issues: [{ nodeId: null, path: 'nodeList', message: 'o arquivo não é um fluxo (falta nodeList)' }],
    });
    expect(importFamilyFlow('not json').ok).toBe(false);

    const json = familyFlow();
    const step = json.nodeList[2];
    if (step?.type !== 'node' || !step.interactions) throw new Error('fixture');
    step.interactions = [{ id: 'big', type: 'MessageField', data: { message: 'x'.repeat(5000) } }];
    const result = importFamilyFlow(json);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues[0]).toMatchObject({ nodeId: 'a1b2c3', path: 'nodeList.2.interactions.0.data.message' });

    const own = newFlowDocument();
    own.nodeList = own.nodeList.slice(0, 1);
    expect(importFamilyFlow(own)).toMatchObject({ ok: false, issues: [{ path: 'nodeList' }] });
  });
});
