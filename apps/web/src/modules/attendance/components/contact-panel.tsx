import { ActionIcon, Badge, Divider, Group, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { TTicket } from '@prosa/contracts';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContact } from '../api/contact-api';
import { ContactEditor } from './contact-editor';
import { TicketAvatar } from './ticket-avatar';
import { TicketLogs } from './ticket-logs';

const Field = ({ label, value, testId }: { label: string; value: string | null; testId?: string }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      {value || '—'}
    </Text>
  </div>
);

const BadgeList = ({ label, children, empty }: { label: string; children: ReactNode; empty: boolean }) => (
  <div>
    <Text size="xs" c="dimmed" mb={4}>
      {label}
    </Text>
    {empty ? <Text size="sm">—</Text> : <Group gap={4}>{children}</Group>}
  </div>
);

/**
 * Side panel of the chat: the contact's data, editable in place (name, e-mail, tags, custom fields, notes),
 * and the ticket's history.
 */
export const ContactPanel = ({ ticket }: { ticket: TTicket }) => {
  const { t } = useTranslation();
  const full = useContact(ticket.contactId);
  const [editing, setEditing] = useState(false);
  // The ticket carries the basics; the full contact (custom fields, notes) arrives a moment later.
  const contact = full.data;
  const tags = contact?.tags ?? ticket.contact.tags;

  return (
    <ScrollArea h="100%" type="auto" data-testid="contact-panel">
      <Stack gap="md" p="md">
        <Stack align="center" gap={6}>
          <TicketAvatar ticket={ticket} size={72} />
          <Group gap={4} wrap="nowrap" justify="center">
            <Title order={2} fz="h4" ta="center" data-testid="contact-name">
              {contact?.name || ticket.contact.name || ticket.name}
            </Title>
            {contact && !editing && (
              <Tooltip label={t('conversation.contactEdit.edit')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('conversation.contactEdit.edit')}
                  onClick={() => setEditing(true)}
                  data-testid="contact-edit"
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Stack>
        {editing && contact ? (
          <ContactEditor contact={contact} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Field label={t('attendance.contact.number')} value={ticket.contact.number} testId="contact-number" />
            <Field
              label={t('attendance.contact.email')}
              value={contact?.email ?? ticket.contact.email}
              testId="contact-email"
            />
            <Field label={t('attendance.contact.protocol')} value={ticket.protocol} testId="contact-protocol" />
            <BadgeList label={t('attendance.contact.tags')} empty={tags.length === 0}>
              {tags.map((tag) => (
                <Badge key={tag.id} color={tag.color} variant="light" tt="none" data-testid="contact-tag">
                  {tag.tag}
                </Badge>
              ))}
            </BadgeList>
            <BadgeList label={t('attendance.contact.wallets')} empty={ticket.contact.wallets.length === 0}>
              {ticket.contact.wallets.map((wallet) => (
                <Badge key={wallet.id} color="gray" variant="outline" tt="none">
                  {wallet.name}
                </Badge>
              ))}
            </BadgeList>
            {contact?.extraInfo.map((field) => (
              <Field key={field.id} label={field.name} value={field.value} testId="contact-field" />
            ))}
            <Field label={t('conversation.contactEdit.notes')} value={contact?.notes ?? null} testId="contact-notes" />
          </>
        )}
        <Divider />
        <TicketLogs ticketId={ticket.id} />
      </Stack>
    </ScrollArea>
  );
};
