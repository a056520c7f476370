import {
  ActionIcon,
  Alert,
  Badge,
  Box,
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
  fillVariables,
  findStep,
  inactivityDueAt,
  stepFlow,
  type TFlowDocument,
  type TFlowExit,
  type TFlowOutcome,
  type TFlowOutgoing,
  type TFlowState,
  type TVariableValues,
  validateFlow,
} from '@prosa/contracts';
import { IconAlertTriangle, IconClockPause, IconPaperclip, IconRefresh, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TOption = { value: string; label: string };

/** Names to show instead of ids (the builder's lookups fit); an id without a name is shown as `#id`. */
export type TSimulatorLookups = Partial<Record<'queues' | 'users' | 'flows' | 'tags', TOption[]>>;

/** One line of the simulated conversation. */
export type TSimEntry =
  | { kind: 'customer'; text: string }
  | { kind: 'bot'; text: string; options?: string[] }
  | { kind: 'media'; name: string; caption: string }
  | { kind: 'system'; text: string; tone?: 'exit' | 'error' };

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
  const sample: TVariableValues = useMemo(
    () => ({
      name: t('chatFlows.simulator.sample.name'),
      email: t('chatFlows.simulator.sample.email'),
      phoneNumber: t('chatFlows.simulator.sample.phoneNumber'),
      protocol: t('chatFlows.simulator.sample.protocol'),
      user: t('chatFlows.simulator.sample.user'),
      userEmail: t('chatFlows.simulator.sample.userEmail'),
      queue: t('chatFlows.simulator.sample.queue'),
      kanban: t('chatFlows.simulator.sample.kanban'),
    }),
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest line whenever one arrives
  useEffect(() => {
    const node = viewport.current;
    node?.scrollTo?.({ top: node.scrollHeight });
  }, [entries]);

  const nameOf = (list: keyof TSimulatorLookups, id: number | null) =>
    id === null ? '' : (lookups[list]?.find((o) => o.value === String(id))?.label ?? `#${id}`);

  const fill = (text: string, variables: Record<string, string>) => fillVariables(text, { ...sample, ...variables });

  const describeOutgoing = (item: TFlowOutgoing, variables: Record<string, string>): TSimEntry | null => {
    if (item.kind === 'text') return { kind: 'bot', text: fill(item.text, variables) };
    const { interaction } = item;
    switch (interaction.type) {
      case 'MessageField':
        return { kind: 'bot', text: fill(interaction.data.message, variables) };
      case 'MessageOptionsField':
        return {
          kind: 'bot',
          text: fill(interaction.data.message, variables),
          options: interaction.data.options.map((o, index) => `${index + 1} - ${fill(o.label, variables)}`),
        };
      case 'MediaField':
        return {
          kind: 'media',
          name: interaction.data.name || interaction.data.mediaUrl,
          caption: fill(interaction.data.caption, variables),
        };
      case 'DelayField':
        return { kind: 'system', text: t('chatFlows.simulator.delay', { seconds: interaction.data.seconds }) };
      case 'WebhookField':
        return {
          kind: 'system',
          text: t('chatFlows.simulator.webhook', {
            method: interaction.data.method,
            url: interaction.data.url,
            interpolation: { escapeValue: false },
          }),
        };
      case 'TagField':
        return {
          kind: 'system',
          text: t('chatFlows.simulator.tag', {
            tag: nameOf('tags', interaction.data.tagId),
            interpolation: { escapeValue: false },
          }),
        };
      case 'KanbanField':
        return { kind: 'system', text: t('chatFlows.simulator.kanban', { kanban: `#${interaction.data.kanban}` }) };
      case 'ChatFlowField':
        return {
          kind: 'system',
          text: t('chatFlows.simulator.jumpInteraction', {
            flow: nameOf('flows', interaction.data.chatFlowId),
            interpolation: { escapeValue: false },
          }),
        };
      default: {
        const never: never = interaction;
        return never;
      }
    }
  };

  const describeExit = (exit: TFlowExit): string => {
    const plain = { interpolation: { escapeValue: false } };
    switch (exit.kind) {
      case 'queue':
        return exit.queueId === null
          ? t('chatFlows.simulator.exitQueueNone')
          : t('chatFlows.simulator.exitQueue', { queue: nameOf('queues', exit.queueId), ...plain });
      case 'user':
        return t('chatFlows.simulator.exitUser', { user: nameOf('users', exit.userId), ...plain });
      case 'close':
        return t('chatFlows.simulator.exitClose');
      case 'jump':
        return t('chatFlows.simulator.exitJump', { flow: nameOf('flows', exit.chatFlowId), ...plain });
      default: {
        const never: never = exit;
        return never;
      }
    }
  };

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

const bubble = { maxWidth: '85%', whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

const SimLine = ({ entry }: { entry: TSimEntry }) => {
  switch (entry.kind) {
    case 'customer':
      return (
        <Paper
          data-testid="simulator-customer"
          p="xs"
          radius="md"
          bg="var(--mantine-primary-color-light)"
          ml="auto"
          style={bubble}
        >
          <Text size="sm">{entry.text}</Text>
        </Paper>
      );
    case 'bot':
      return (
        <Paper data-testid="simulator-bot" p="xs" radius="md" withBorder mr="auto" style={bubble}>
          {entry.text && <Text size="sm">{entry.text}</Text>}
          {entry.options?.map((option) => (
            <Text size="sm" key={option}>
              {option}
            </Text>
          ))}
        </Paper>
      );
    case 'media':
      return (
        <Paper data-testid="simulator-media" p="xs" radius="md" withBorder mr="auto" style={bubble}>
          <Badge variant="light" color="gray" leftSection={<IconPaperclip size={12} />} tt="none">
            {entry.name}
          </Badge>
          {entry.caption && (
            <Text size="sm" mt={4}>
              {entry.caption}
            </Text>
          )}
        </Paper>
      );
    case 'system':
      return (
        <Box ta="center" data-testid="simulator-system">
          <Text
            size="xs"
            fw={entry.tone === 'exit' ? 600 : undefined}
            c={entry.tone === 'error' ? 'negative' : entry.tone === 'exit' ? undefined : 'dimmed'}
          >
            {entry.text}
          </Text>
        </Box>
      );
    default: {
      const never: never = entry;
      return never;
    }
  }
};
