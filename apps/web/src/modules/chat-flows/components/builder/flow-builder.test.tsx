import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, newFlowDocument, type TChatFlow, type TChatFlowUpdate } from '@prosa/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../app/i18n/i18n';
import { buildTheme } from '../../../../app/theme/theme';
import { FlowBuilder } from './flow-builder';
import { addStep } from './flow-doc-ops';
import { stubReactFlowLayout } from './react-flow-layout-stub';

// Mantine's autosize textarea listens to font loading, which the test DOM lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

vi.setConfig({ testTimeout: 60_000 });

let restoreLayout: () => void = () => undefined;
beforeEach(() => {
  restoreLayout = stubReactFlowLayout();
});
afterEach(() => {
  cleanup();
  restoreLayout();
});

const flowOf = (doc = newFlowDocument()): TChatFlow => ({
  id: 7,
  name: 'Atendimento inicial',
  flow: doc,
  isActive: true,
  celularTeste: '5511999990000',
  userId: 1,
  revision: 4,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

/** A refusal as axios hands it over: status and the server's error body. */
const refusal = (status: number, data: object) =>
  new AxiosError('refused', String(status), undefined, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

const renderBuilder = (flow: TChatFlow, refuseFirst?: AxiosError) => {
  const sent: TChatFlowUpdate[] = [];
  const update = async (body: TChatFlowUpdate) => {
    sent.push(body);
    if (refuseFirst && sent.length === 1) throw refuseFirst;
    return { ...flow, revision: flow.revision + sent.length };
  };
  render(
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <MemoryRouter>
        <FlowBuilder
          flow={flow}
          update={update}
          reload={async () => flow}
          lookups={{ queues: [], users: [], tags: [], flows: [] }}
          renderSimulator={() => null}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return sent;
};

describe('flow builder', () => {
  it('draws the loaded flow and counts a step without a way out as a problem that keeps it unsaved', async () => {
    const { doc } = addStep(newFlowDocument(), { id: 'vendas', name: 'Vendas', left: 600, top: 200 });
    renderBuilder(flowOf(doc));
    const step = await screen.findByTestId('flow-node-boas-vindas');
    expect(within(step).getByText('Boas-vindas')).toBeTruthy();
    expect(within(step).getByText(/Como podemos ajudar/)).toBeTruthy();
    expect(await screen.findByTestId('flow-node-vendas')).toBeTruthy();
    expect(screen.getByTestId('flow-issues-badge').textContent).toBe('1 problema — não salvo');
    expect(screen.getByTestId('flow-test-phone').textContent).toContain('5511999990000');
    expect(within(screen.getByTestId('flow-node-vendas')).getByTestId('flow-node-issues').textContent).toBe('1');
  });

  it('opens a step, saves an edit 1.5 s later with the revision it started from, and undoes it', async () => {
    const sent = renderBuilder(flowOf());
    fireEvent.click(within(await screen.findByTestId('flow-node-boas-vindas')).getByText('Boas-vindas'));
    const name = await screen.findByTestId('flow-step-name');
    fireEvent.change(name, { target: { value: 'Menu' } });
    expect(screen.getByTestId('flow-save-status').textContent).toBe('Alterações não salvas');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.revision).toBe(4);
    expect(sent[0]?.flow?.nodeList.find((n) => n.id === 'boas-vindas')?.name).toBe('Menu');
    await waitFor(() => expect(screen.getByTestId('flow-save-status').textContent).toBe('Salvo'));

    fireEvent.click(screen.getByTestId('flow-undo'));
    expect((screen.getByTestId('flow-step-name') as HTMLInputElement).value).toBe('Boas-vindas');
  });

  it('asks whether to reload or overwrite when someone saved first, and overwrites without a revision', async () => {
    const sent = renderBuilder(flowOf(), refusal(409, { error: 'ERR_CHAT_FLOW_CONFLICT' }));
    fireEvent.click(within(await screen.findByTestId('flow-node-boas-vindas')).getByText('Boas-vindas'));
    fireEvent.change(await screen.findByTestId('flow-step-name'), { target: { value: 'Menu' } });
    expect(await screen.findByText('Este fluxo foi alterado em outra aba/por outra pessoa')).toBeTruthy();
    expect(sent[0]?.revision).toBe(4);
    fireEvent.click(screen.getByTestId('flow-conflict-overwrite'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).not.toHaveProperty('revision');
    await waitFor(() => expect(screen.getByTestId('flow-save-status').textContent).toBe('Salvo'));
  });

  it('marks the steps the server refused (a queue deleted meanwhile) until the next change', async () => {
    const issues = [
      { nodeId: 'boas-vindas', path: 'nodeList.boas-vindas.conditions.0', message: 'a fila escolhida não existe mais' },
    ];
    renderBuilder(flowOf(), refusal(400, { error: 'ERR_VALIDATION', issues }));
    fireEvent.click(within(await screen.findByTestId('flow-node-boas-vindas')).getByText('Boas-vindas'));
    fireEvent.change(await screen.findByTestId('flow-step-name'), { target: { value: 'Menu' } });
    const step = screen.getByTestId('flow-node-boas-vindas');
    await waitFor(() => expect(within(step).getByTestId('flow-node-issues').textContent).toBe('1'));
    expect(within(screen.getByTestId('flow-condition-0')).getByText('a fila escolhida não existe mais')).toBeTruthy();
    expect(screen.getByTestId('flow-save-status').textContent).toBe('Erro ao salvar');
  });
});
