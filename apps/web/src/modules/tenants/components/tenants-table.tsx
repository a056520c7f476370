import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { TTenant, TTenantStatus } from '@prosa/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableSkeletonRows } from '../../../ui/data-states';
import { formatDate } from './format';

const statusColor: Record<TTenantStatus, string> = { active: 'positive', inactive: 'negative', trial: 'warning' };

type TTenantsTableProps = {
  tenants: TTenant[];
  loading: boolean;
  onEdit: (tenant: TTenant) => void;
  onDelete: (tenant: TTenant) => void;
};

export const TenantsTable = ({ tenants, loading, onEdit, onDelete }: TTenantsTableProps) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="tenants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.companyName')}</Table.Th>
            <Table.Th>{t('tenants.status')}</Table.Th>
            <Table.Th ta="right">{t('tenants.users')}</Table.Th>
            <Table.Th ta="right">{t('tenants.connections')}</Table.Th>
            <Table.Th>{t('tenants.trialEndsAt')}</Table.Th>
            <Table.Th>{t('tenants.createdAt')}</Table.Th>
            <Table.Th w={96} ta="right">
              {t('common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.map((tenant) => (
            <Table.Tr key={tenant.id} data-testid="tenants-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {tenant.name}
                </Text>
                {tenant.email && (
                  <Text size="xs" c="dimmed">
                    {tenant.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={statusColor[tenant.status]} data-testid="tenant-status-badge">
                  {t(`tenants.statuses.${tenant.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">
                  {tenant.userCount ?? '—'} / {tenant.maxUsers}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{tenant.maxConnections}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(tenant.trialEndsAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(tenant.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('common.edit')}
                      onClick={() => onEdit(tenant)}
                      data-testid="tenant-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="negative"
                      aria-label={t('common.delete')}
                      onClick={() => onDelete(tenant)}
                      data-testid="tenant-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {loading && <TableSkeletonRows columns={7} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
