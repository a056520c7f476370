import { MantineProvider } from '@mantine/core';
import {
  CONFIGURATIONS_NODE_ID,
  defaultSystemColors,
  START_NODE_ID,
  type TFlowCondition,
  type TFlowDocument,
  validateFlow,
  ZFlowConfigurations,
} from '@prosa/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { FlowSimulator } from './flow-simulator';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

vi.setConfig({ testTimeout: 60_000 });
afterEach(cleanup);

const toStep = (id: string, answers: string[], nextStepId: string): TFlowCondition => ({
  id,
  type: 'R',
  condition: answers,
  action: 0,
  nextStepId,
  queueId: null,
  userIdDestination: null,
});
const toQueue = (id: string, answers: string[], queueId: number): TFlowCondition => ({
  id,
  type: answers.length ? 'R' : 'US',
  condition: answers,
  action: 1,
  nextStepId: null,
  queueId,
  userIdDestination: null,
});

/** Menu: 1 Vendas (any answer -> queue 3), 2 Suporte (1 Técnico -> queue 4, 2 Financeiro -> queue 5). */
const twoLevelMenu = (): TFlowDocument => ({
  version: 1,
  nodeList: [
    { id: START_NODE_ID, type: 'start', name: 'Início', left: 0, top: 0 },
    {
      id: CONFIGURATIONS_NODE_ID,
      type: 'configurations',
      name: 'Configurações',
      left: 0,
      top: 0,
      configurations: ZFlowConfigurations.parse({
        notOptionsSelectMessage: { message: 'Não entendi, {{name}}. Responda com o número.', stepReturn: 'A' },
        maxRetryBotMessage: { number: 3, type: 1, destiny: null },
        notResponseMessage: { time: 10, message: 'Vamos encerrar por falta de resposta.', type: 3, destiny: null },
      }),
    },
    {
      id: 'menu',
      type: 'node',
      name: 'Menu principal',
      left: 0,
      top: 0,
      interactions: [
        {
          id: 'm1',
          type: 'MessageOptionsField',
          data: {
            message: '{{greeting}}, {{name}}! Escolha:',
            display: 'text',
            options: [
              { id: 'o1', label: 'Vendas' },
              { id: 'o2', label: 'Suporte' },
            ],
          },
        },
      ],
      conditions: [toStep('c1', ['1', 'vendas'], 'vendas'), toStep('c2', ['2', 'suporte'], 'suporte')],
    },
    {
      id: 'vendas',
      type: 'node',
      name: 'Vendas',
      left: 0,
      top: 0,
      interactions: [{ id: 'v1', type: 'DelayField', data: { seconds: 5 } }],
      conditions: [toQueue('c3', [], 3)],
    },
    {
      id: 'suporte',
      type: 'node',
      name: 'Suporte',
      left: 0,
      top: 0,
      interactions: [
        {
          id: 's0',
          type: 'MediaField',
          data: { mediaUrl: 'https://x.test/a.pdf', mimeType: 'application/pdf', name: 'manual.pdf', caption: '' },
        },
        {
          id: 's1',
          type: 'MessageOptionsField',
          data: {
            message: 'Qual suporte?',
            display: 'text',
            options: [
              { id: 'o3', label: 'Técnico' },
              { id: 'o4', label: 'Financeiro' },
            ],
          },
        },
      ],
      conditions: [toQueue('c4', ['1'], 4), toQueue('c5', ['2'], 5)],
    },
  ],
  lineList: [
    { from: START_NODE_ID, to: 'menu' },
    { from: 'menu', to: 'vendas' },
    { from: 'menu', to: 'suporte' },
  ],
});

const lookups = {
  queues: [
    { value: '3', label: 'Comercial' },
    { value: '4', label: 'Técnico' },
    { value: '5', label: 'Financeiro' },
  ],
};

const renderSimulator = (flow = twoLevelMenu()) =>
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <FlowSimulator flow={flow} chatFlowId={9} lookups={lookups} />
    </MantineProvider>,
  );

const say = (text: string) => {
  fireEvent.change(screen.getByTestId('simulator-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('simulator-send'));
};

const botTexts = () => screen.queryAllByTestId('simulator-bot').map((b) => b.textContent);
const systemTexts = () => screen.queryAllByTestId('simulator-system').map((b) => b.textContent);

describe('FlowSimulator', () => {
  it('the flow under test is valid', () => {
    expect(validateFlow(twoLevelMenu())).toEqual([]);
  });

  it('walks a 2-level menu: "2️⃣" twice lands in the Financeiro queue', () => {
    renderSimulator();
    say('oi');
    const [menu] = screen.getAllByTestId('simulator-bot');
    expect(menu?.textContent).toMatch(/^(Bom dia|Boa tarde|Boa noite), Cliente de teste! Escolha:/);
    expect(within(menu as HTMLElement).getByText('1 - Vendas')).toBeTruthy();
    expect(within(menu as HTMLElement).getByText('2 - Suporte')).toBeTruthy();
    expect(screen.getByTestId('simulator-step').textContent).toBe('Etapa: Menu principal');

    say('2️⃣');
    expect(screen.getByTestId('simulator-step').textContent).toBe('Etapa: Suporte');
    expect(screen.getByTestId('simulator-media').textContent).toContain('manual.pdf');
    expect(botTexts().at(-1)).toBe('Qual suporte?1 - Técnico2 - Financeiro');

    say('2️⃣');
    expect(systemTexts().at(-1)).toBe('Encaminhado à fila Financeiro');
    expect(screen.getByTestId('simulator-step').textContent).toBe('Fora do fluxo');
    expect((screen.getByTestId('simulator-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByTestId('simulator-customer').map((c) => c.textContent)).toEqual(['oi', '2️⃣', '2️⃣']);
  });

  it('answers an invalid option with the flow’s message and counts the retry', () => {
    renderSimulator();
    say('oi');
    say('banana');
    expect(botTexts()).toContain('Não entendi, Cliente de teste. Responda com o número.');
    expect(screen.getByTestId('simulator-retries').textContent).toBe('Tentativas inválidas: 1');
    expect(screen.getByTestId('simulator-step').textContent).toBe('Etapa: Menu principal');
  });

  it('shows a delay and the hand-off; inactivity closes; restart clears the conversation', () => {
    renderSimulator();
    say('oi');
    say('1');
    expect(systemTexts()).toEqual(['⏱ 5 s']);
    expect(screen.getByTestId('simulator-step').textContent).toBe('Etapa: Vendas');
    fireEvent.click(screen.getByTestId('simulator-inactivity'));
    expect(botTexts().at(-1)).toBe('Vamos encerrar por falta de resposta.');
    expect(systemTexts().at(-1)).toBe('Encerrado');
    fireEvent.click(screen.getByTestId('simulator-restart'));
    expect(screen.queryAllByTestId('simulator-customer')).toHaveLength(0);
    expect(screen.getByTestId('simulator-step').textContent).toBe('Fora do fluxo');
  });

  it('out of business hours with an out-of-hours destination, the ticket goes there at once', () => {
    const flow = twoLevelMenu();
    const config = flow.nodeList.find((n) => n.type === 'configurations');
    if (config?.type !== 'configurations') throw new Error('no configurations');
    config.configurations.outOpenHours = { type: 1, destiny: 3 };
    renderSimulator(flow);
    fireEvent.click(screen.getByTestId('simulator-business-hours'));
    say('oi');
    expect(botTexts()).toEqual([]);
    expect(systemTexts()).toEqual(['Encaminhado à fila Comercial']);
  });
});
