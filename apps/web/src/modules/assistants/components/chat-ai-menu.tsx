import { ActionIcon, Button, Menu, Modal, Stack, Switch, Text } from '@mantine/core';
import { aiProviderInfo, isTenantManager, type TTicket } from '@prosa/contracts';
import { IconFileDescription, IconMessageChatbot, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { useSessionStore } from '../../../app/session/session-store';
import { showApiError } from '../../../ui/server-errors';
import { useUpdateTicket } from '../../attendance/api/tickets-api';
import { type THelpPurpose, useAssistantHelp, useAssistants, useBots } from '../api/assistants-api';
import { type TTicketAssistant, ticketAssistants } from './ticket-assistants';

type TChatAiMenuProps = {
  ticket: TTicket;
  /** A suggested reply: goes into the message box, not sent. */
  onSuggestion: (text: string) => void;
  /** Phone width: an icon instead of the labelled button. */
  compact?: boolean;
};

/**
 * The chat header's "IA" menu: each assistant's switch for this ticket (PUT /tickets/:id `<name>Status`), a
 * suggested reply and a summary of the conversation. Arrow keys move through it; Enter or Space picks.
 */
export const ChatAiMenu = ({ ticket, onSuggestion, compact = false }: TChatAiMenuProps) => {
  const { t } = useTranslation();
  const profile = useSessionStore((state) => state.profile);
  const isAdmin = profile !== null && isTenantManager(profile);
  const [opened, setOpened] = useState(false);
  const assistants = useAssistants(isAdmin);
  const bots = useBots(isAdmin);
  const update = useUpdateTicket();
  const help = useAssistantHelp();
  const [summary, setSummary] = useState<{ text: string; provider: string } | null>(null);
  const switches = ticketAssistants(ticket, [...(assistants.data ?? []), ...(bots.data ?? [])]);

  const toggle = (assistant: TTicketAssistant) => {
    const on = !assistant.on;
    update.mutate(
      { ticketId: ticket.id, body: { [assistant.field]: on ? 'on' : 'off' } },
      {
        onSuccess: () => notifySuccess(t(on ? 'assistants.chat.on' : 'assistants.chat.off', { name: assistant.label })),
        onError: (error) => showApiError(error),
      },
    );
  };

  const ask = (purpose: THelpPurpose) =>
    help.mutate(
      { ticketId: ticket.id, purpose },
      {
        onSuccess: ({ text, provider }) => {
          if (purpose === 'summary') setSummary({ text, provider: aiProviderInfo[provider].label });
          else {
            onSuggestion(text);
            notifySuccess(t('assistants.chat.suggested'));
          }
        },
        onError: (error) => showApiError(error),
      },
    );
  const asking = help.isPending ? help.variables?.purpose : null;

  return (
    <>
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened} closeOnItemClick={false}>
        <Menu.Target>
          {compact ? (
            <ActionIcon
              size="lg"
              variant="light"
              color="grape"
              loading={help.isPending}
              aria-label={t('assistants.chat.menuLabel')}
              data-testid="chat-ai-menu"
            >
              <IconSparkles size={18} />
            </ActionIcon>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconSparkles size={14} />}
              loading={help.isPending}
              aria-label={t('assistants.chat.menuLabel')}
              data-testid="chat-ai-menu"
            >
              {t('assistants.chat.menu')}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown miw={260} data-testid="chat-ai-dropdown">
          <Menu.Label>{t('assistants.chat.switches')}</Menu.Label>
          {switches.length === 0 ? (
            <Text size="xs" c="dimmed" px="sm" pb="xs" maw={260} data-testid="chat-ai-none">
              {t('assistants.chat.none')}
            </Text>
          ) : (
            switches.map((assistant) => (
              <Menu.Item
                key={assistant.name}
                role="menuitemcheckbox"
                aria-checked={assistant.on}
                disabled={update.isPending}
                onClick={() => toggle(assistant)}
                rightSection={
                  <Switch
                    size="xs"
                    checked={assistant.on}
                    readOnly
                    tabIndex={-1}
                    aria-hidden
                    styles={{ track: { cursor: 'pointer' } }}
                  />
                }
                data-testid={`chat-ai-switch-${assistant.name}`}
              >
                {assistant.label}
              </Menu.Item>
            ))
          )}
          <Menu.Divider />
          <Menu.Label>{t('assistants.chat.help')}</Menu.Label>
          <Menu.Item
            leftSection={<IconMessageChatbot size={16} />}
            disabled={help.isPending || ticket.status === 'closed'}
            onClick={() => {
              setOpened(false);
              ask('suggestion');
            }}
            data-testid="chat-ai-suggest"
          >
            {asking === 'suggestion' ? t('assistants.chat.working') : t('assistants.chat.suggest')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileDescription size={16} />}
            disabled={help.isPending}
            onClick={() => {
              setOpened(false);
              ask('summary');
            }}
            data-testid="chat-ai-summarize"
          >
            {asking === 'summary' ? t('assistants.chat.working') : t('assistants.chat.summarize')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={summary !== null}
        onClose={() => setSummary(null)}
        title={t('assistants.chat.summaryTitle')}
        size="lg"
        data-testid="chat-ai-summary"
      >
        <Stack>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="chat-ai-summary-text">
            {summary?.text}
          </Text>
          <Text size="xs" c="dimmed">
            {t('assistants.chat.summaryBy', { provider: summary?.provider ?? '' })}
          </Text>
          <Button variant="default" onClick={() => setSummary(null)} style={{ alignSelf: 'flex-end' }}>
            {t('assistants.chat.close')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
};
