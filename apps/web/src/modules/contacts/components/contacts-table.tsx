import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatPhone, type TContact } from '@prosa/contracts';
import {
  IconDots,
  IconLock,
  IconLockOpen,
  IconMessagePlus,
  IconPencil,
  IconRobot,
  IconRobotOff,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableSkeletonRows } from '../../../ui/data-states';

type TContactsTableProps = {
  contacts: TContact[];
  loading: boolean;
  canDelete: boolean;
  startingId: number | null;
  onStart: (contact: TContact) => void;
  onEdit: (contact: TContact) => void;
  onToggle: (contact: TContact, kind: 'blocked' | 'chatbotBlocked') => void;
  onDelete: (contact: TContact) => void;
  /** A narrow pane (the attendance workspace): e-mail and tags under the name, no wallet column. */
  compact?: boolean;
};

export const ContactsTable = ({
  contacts,
  loading,
  canDelete,
  startingId,
  onStart,
  onEdit,
  onToggle,
  onDelete,
  compact = false,
}: TContactsTableProps) => {
  const { t } = useTranslation();
  const tagsOf = (contact: TContact) => (
    <Group gap={4}>
      {contact.tags.map((tag) => (
        <Badge key={tag.id} size="sm" variant="light" color={tag.color || undefined}>
          {tag.tag}
        </Badge>
      ))}
    </Group>
  );
  return (
    <Table.ScrollContainer minWidth={compact ? 460 : 820}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="contacts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contacts.fields.name')}</Table.Th>
            <Table.Th>{t('contacts.fields.number')}</Table.Th>
            {!compact && (
              <>
                <Table.Th>{t('contacts.fields.email')}</Table.Th>
                <Table.Th>{t('contacts.fields.tags')}</Table.Th>
                <Table.Th>{t('contacts.fields.wallets')}</Table.Th>
              </>
            )}
            <Table.Th w={132} ta="right">
              {t('common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && <TableSkeletonRows columns={compact ? 3 : 6} />}
          {contacts.map((contact) => (
            <Table.Tr key={contact.id} data-testid="contacts-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={contact.profilePicUrl} name={contact.name} color="initials" radius="xl" size="md" />
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {contact.name}
                    </Text>
                    <Group gap={4}>
                      {contact.blocked && (
                        <Badge size="xs" color="negative" variant="light" data-testid="contact-blocked">
                          {t('contacts.blocked')}
                        </Badge>
                      )}
                      {contact.chatbotBlocked && (
                        <Badge size="xs" color="warning" variant="light">
                          {t('contacts.chatbotBlocked')}
                        </Badge>
                      )}
                      {contact.isGroup && (
                        <Badge size="xs" color="secondary" variant="light">
                          {t('contacts.group')}
                        </Badge>
                      )}
                    </Group>
                    {compact && contact.email && (
                      <Text size="xs" c="dimmed">
                        {contact.email}
                      </Text>
                    )}
                    {compact && tagsOf(contact)}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {contact.isGroup ? '—' : formatPhone(contact.number) || '—'}
                </Text>
              </Table.Td>
              {!compact && (
                <>
                  <Table.Td>
                    <Text size="sm">{contact.email ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>{tagsOf(contact)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{contact.wallets.map((wallet) => wallet.name).join(', ') || '—'}</Text>
                  </Table.Td>
                </>
              )}
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('contacts.start')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('contacts.start')}
                      loading={startingId === contact.id}
                      disabled={contact.blocked}
                      onClick={() => onStart(contact)}
                      data-testid="contact-start"
                    >
                      <IconMessagePlus size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('contacts.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('contacts.edit')}
                      onClick={() => onEdit(contact)}
                      data-testid="contact-edit"
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('contacts.more')} data-testid="contact-more">
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={contact.blocked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
                        onClick={() => onToggle(contact, 'blocked')}
                        data-testid="contact-toggle-block"
                      >
                        {t(contact.blocked ? 'contacts.unblock' : 'contacts.block')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={contact.chatbotBlocked ? <IconRobot size={16} /> : <IconRobotOff size={16} />}
                        onClick={() => onToggle(contact, 'chatbotBlocked')}
                      >
                        {t(contact.chatbotBlocked ? 'contacts.unblockChatbot' : 'contacts.blockChatbot')}
                      </Menu.Item>
                      {canDelete && (
                        <Menu.Item
                          color="negative"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => onDelete(contact)}
                          data-testid="contact-delete"
                        >
                          {t('common.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
