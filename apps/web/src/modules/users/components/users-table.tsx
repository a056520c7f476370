import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { TUser } from '@prosa/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableSkeletonRows } from '../../../ui/data-states';

type TUsersTableProps = {
  users: TUser[];
  loading: boolean;
  showTenant: boolean;
  tenantNames: Map<number, string>;
  onEdit: (user: TUser) => void;
  onDelete: (user: TUser) => void;
};

/** Portuguese labels are long: a badge shows its whole word instead of an ellipsis. */
const wholeLabel = {
  root: { maxWidth: 'none', flexShrink: 0 },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

const profileColor: Record<string, string> = {
  superadmin: 'accent',
  admin: 'primary',
  super: 'secondary',
  supervisor: 'warning',
  user: 'gray',
};

export const UsersTable = ({ users, loading, showTenant, tenantNames, onEdit, onDelete }: TUsersTableProps) => {
  const { t } = useTranslation();
  const columns = showTenant ? 7 : 6;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.email')}</Table.Th>
            {showTenant && <Table.Th>{t('fields.tenant')}</Table.Th>}
            <Table.Th>{t('fields.profile')}</Table.Th>
            <Table.Th>{t('fields.queues')}</Table.Th>
            <Table.Th>{t('users.status')}</Table.Th>
            <Table.Th w={96} ta="right">
              {t('common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="users-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {user.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              {showTenant && (
                <Table.Td>
                  <Text size="sm">
                    {tenantNames.get(user.tenantId) ??
                      (user.profile === 'superadmin' ? t('menu.groups.platform') : `#${user.tenantId}`)}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Badge variant="light" color={profileColor[user.profile] ?? 'gray'} tt="none" styles={wholeLabel}>
                  {t(`profiles.${user.profile}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {user.queues.length === 0 && (
                    <Text size="xs" c="dimmed">
                      {t('users.noQueues')}
                    </Text>
                  )}
                  {user.queues.map((queue) => (
                    <Badge key={queue.id} size="sm" variant="dot" color={queue.color} tt="none" styles={wholeLabel}>
                      {queue.queue}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="dot"
                  color={user.isOnline ? 'positive' : 'gray'}
                  tt="none"
                  styles={wholeLabel}
                  data-testid="user-online"
                >
                  {t(user.isOnline ? 'users.online' : 'users.offline')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('common.edit')}
                      onClick={() => onEdit(user)}
                      data-testid="user-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="negative"
                      aria-label={t('common.delete')}
                      onClick={() => onDelete(user)}
                      data-testid="user-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {loading && <TableSkeletonRows columns={columns} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
