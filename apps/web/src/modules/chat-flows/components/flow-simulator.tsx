import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  enterFlow,
  findStep,
  inactivityDueAt,
  stepFlow,
  type TFlowDocument,
  type TFlowOutcome,
  type TFlowState,
  validateFlow,
} from '@prosa/contracts';
import { IconAlertTriangle, IconClockPause, IconRefresh, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeSimulation } from './simulator-describe';
import { SimLine, type TSimEntry, type TSimulatorLookups } from './simulator-line';

type TProps = {
  flow: TFlowDocument;
  chatFlowId: number;
  lookups?: TSimulatorLookups;
};

/**
 * The builder's simulator: the admin writes as the customer and sees what the bot would send, running the same
 * engine as the server (enterFlow / stepFlow from contracts) in the browser. Nothing is sent anywhere:
 * webhooks, tags and kanban moves are only described.
 */
export const FlowSimulator = ({ flow, chatFlowId, lookups = {} }: TProps) => {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<TSimEntry[]>([]);
  const [state, setState] = useState<TFlowState | null>(null);
  const [ended, setEnded] = useState(false);
  const [draft, setDraft] = useState('');
  const [inBusinessHours, setInBusinessHours] = useState(true);
  const [isFirstContact, setIsFirstContact] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);

  const hasIssues = useMemo(() => validateFlow(flow).length > 0, [flow]);
  const { describeOutgoing, describeExit } = useDescribeSimulation(lookups);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest line whenever one arrives
  useEffect(() => {
    const node = viewport.current;
    node?.scrollTo?.({ top: node.scrollHeight });
  }, [entries]);

  /** Runs the engine and shows what it answered; a throw (a document the engine cannot read) is shown too. */
  const run = (before: TSimEntry[], engine: () => TFlowOutcome) => {
    let outcome: TFlowOutcome;
    try {
      outcome = engine();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setEntries((list) => [
        ...list,
        ...before,
        { kind: 'system', tone: 'error', text: t('chatFlows.simulator.engineError', { message }) },
      ]);
      return;
    }
    const variables = outcome.state?.variables ?? state?.variables ?? {};
    const lines = outcome.outgoing
      .map((item) => describeOutgoing(item, variables))
      .filter((line): line is TSimEntry => line !== null);
    const exitLine: TSimEntry[] = outcome.exit
      ? [{ kind: 'system', tone: 'exit', text: describeExit(outcome.exit) }]
      : [];
    setEntries((list) => [...list, ...before, ...lines, ...exitLine]);
    setState(outcome.state);
    if (outcome.state === null) setEnded(true);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || ended) return;
    setDraft('');
    const at = new Date().toISOString();
    const said: TSimEntry = { kind: 'customer', text };
    if (state === null)
      run([said], () => enterFlow(flow, chatFlowId, { kind: 'enter', text, at, isFirstContact, inBusinessHours }));
    else run([said], () => stepFlow(flow, state, { kind: 'message', text, at, inBusinessHours }));
  };

  const simulateInactivity = () => {
    if (!state) return;
    const due = inactivityDueAt(flow, state);
    if (due === null) {
      setEntries((list) => [...list, { kind: 'system', text: t('chatFlows.simulator.inactivityOff') }]);
      return;
    }
    // The inactivity job runs once the time has passed: simulate it at the moment it is due.
    run([], () => stepFlow(flow, state, { kind: 'inactivity', at: due }));
  };

  const restart = () => {
    setEntries([]);
    setState(null);
    setEnded(false);
    setDraft('');
  };

  const step = state ? findStep(flow, state.stepId) : null;
  const variables = Object.entries(state?.variables ?? {});

  return (
    <Stack gap="xs" h="100%" p="xs" data-testid="flow-simulator">
      <Group gap="md" wrap="wrap">
        <Switch
          size="xs"
          label={t('chatFlows.simulator.inBusinessHours')}
          checked={inBusinessHours}
          onChange={(e) => setInBusinessHours(e.currentTarget.checked)}
          data-testid="simulator-business-hours"
        />
        <Switch
          size="xs"
          label={t('chatFlows.simulator.firstContact')}
          checked={isFirstContact}
          disabled={state !== null}
          onChange={(e) => setIsFirstContact(e.currentTarget.checked)}
          data-testid="simulator-first-contact"
        />
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={restart}
          data-testid="simulator-restart"
        >
          {t('chatFlows.simulator.restart')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClockPause size={14} />}
          onClick={simulateInactivity}
          disabled={state === null}
          data-testid="simulator-inactivity"
        >
          {t('chatFlows.simulator.inactivity')}
        </Button>
      </Group>
      <Paper withBorder p="xs" radius="sm" data-testid="simulator-status">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="none" color={state ? 'primary' : 'gray'} data-testid="simulator-step">
            {state
              ? t('chatFlows.simulator.step', {
                  name: step?.name || state.stepId,
                  interpolation: { escapeValue: false },
                })
              : t('chatFlows.simulator.noStep')}
          </Badge>
          {state && (
            <Badge variant="light" tt="none" color={state.retries ? 'warning' : 'gray'} data-testid="simulator-retries">
              {t('chatFlows.simulator.retries', { count: state.retries })}
            </Badge>
          )}
        </Group>
        {variables.length > 0 && (
          <Text size="xs" mt={4} c="dimmed">
            {t('chatFlows.simulator.variables')}:{' '}
            {variables.map(([key, value]) => (
              <Code key={key} mr={4}>
                {key}={value}
              </Code>
            ))}
          </Text>
        )}
      </Paper>
      {hasIssues && (
        <Alert color="warning" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
          <Text size="xs">{t('chatFlows.simulator.invalidFlow')}</Text>
        </Alert>
      )}
      <ScrollArea
        viewportRef={viewport}
        style={{ flex: 1 }}
        mih={240}
        type="auto"
        bg="var(--mantine-color-default-hover)"
        p="xs"
      >
        <Stack gap={6} data-testid="simulator-messages">
          {entries.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('chatFlows.simulator.start')}
            </Text>
          )}
          {entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the conversation only grows; a restart clears it
            <SimLine key={index} entry={entry} />
          ))}
          {ended && (
            <Text size="xs" c="dimmed" ta="center">
              {t('chatFlows.simulator.ended')}
            </Text>
          )}
        </Stack>
      </ScrollArea>
      <form onSubmit={send}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            size="sm"
            placeholder={t('chatFlows.simulator.placeholder')}
            aria-label={t('chatFlows.simulator.placeholder')}
            value={draft}
            disabled={ended}
            onChange={(e) => setDraft(e.currentTarget.value)}
            data-testid="simulator-input"
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={t('chatFlows.simulator.send')}
            disabled={ended || !draft.trim()}
            data-testid="simulator-send"
          >
            <IconSend size={16} />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
};
