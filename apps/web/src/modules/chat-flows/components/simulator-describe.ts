import {
  answererLabel,
  fillVariables,
  type TAnswererProvider,
  type TFlowExit,
  type TFlowOutgoing,
  type TVariableValues,
} from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSimEntry, TSimulatorLookups } from './simulator-line';

/**
 * How the simulator shows what the engine returned: texts with sample variable values, menus as numbered
 * lines, and what the server would do (delay, webhook, tag, kanban, jump, hand-off) as a system line.
 */
export const useDescribeSimulation = (lookups: TSimulatorLookups) => {
  const { t } = useTranslation();
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
      case 'AssistantField':
        return {
          kind: 'system',
          text: t('chatFlows.simulator.assistantInteraction', { assistant: answererLabel(interaction.data.provider) }),
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
      case 'assistant':
        return t('chatFlows.simulator.exitAssistant', {
          assistant: answererLabel(exit.provider as TAnswererProvider),
          ...plain,
        });
      default: {
        const never: never = exit;
        return never;
      }
    }
  };

  return { describeOutgoing, describeExit };
};
