import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import { IconNetwork, IconPlugConnected, IconSettings, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../../app/notify';
import { pathFor } from '../../../app/router/route-registry';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { useConnections } from '../api/connections-api';
import { useSaveProxy } from '../api/proxy-api';
import { statusColor } from '../components/connection-card';
import { proxyUsageOf } from '../components/proxy-form';
import { ProxyFormModal } from '../components/proxy-form-modal';

const ConnectionName = ({ connection }: { connection: TConnection }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {connection.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`connections.types.${connection.type}`, { defaultValue: connection.type })}
      </Text>
    </Stack>
  );
};

const StatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      style={{ overflow: 'visible' }}
      data-testid="proxy-connection-status"
    >
      {t(`connections.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
};

/** The connections that take no proxy here, each with why, so nobody looks for it on the wrong screen. */
const OtherConnections = ({ connections }: { connections: TConnection[] }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" mt="lg" data-testid="proxy-others">
      <Title order={2} fz="h4">
        {t('proxy.others.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('proxy.others.hint')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {connections.map((connection) => {
              const usage = proxyUsageOf(connection.type);
              return (
                <Table.Tr key={connection.id} data-testid="proxy-other-row">
                  <Table.Td w="40%">
                    <ConnectionName connection={connection} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {usage === 'proxy' ? null : t(`proxy.others.reasons.${usage}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};

/**
 * `/configuracoes/proxy`: the proxy each WhatsApp number goes out through (Baileys and Evolution connections),
 * set, tested and removed per connection; the tenant's other connections listed with why they need none.
 */
export const ProxyPage = () => {
  const { t } = useTranslation();
  const connections = useConnections();
  const save = useSaveProxy();
  const [configuring, setConfiguring] = useState<TConnection | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<TConnection | null>(null);
  const all = connections.data ?? [];
  const proxied = all.filter((connection) => proxyUsageOf(connection.type) === 'proxy');
  const others = all.filter((connection) => proxyUsageOf(connection.type) !== 'proxy');

  const onRemove = () => {
    if (!removing) return;
    save.mutate(
      { id: removing.id, body: { url: null } },
      {
        onSuccess: () => {
          notifySuccess(t('proxy.removed'));
          setRemoving(null);
        },
        onError: (error) => showApiError(error),
      },
    );
  };

  return (
    <Stack>
      <PageHeader title={t('proxy.title')} icon={IconNetwork} />
      <Text size="sm" c="dimmed" maw={760}>
        {t('proxy.intro')}
      </Text>
      {connections.isError && <ErrorState error={connections.error} onRetry={() => void connections.refetch()} />}
      {connections.isSuccess && proxied.length === 0 && (
        <EmptyList
          title={t('proxy.empty')}
          description={t('proxy.emptyHint')}
          action={
            <Button
              component={Link}
              to={pathFor('sessoes')}
              leftSection={<IconPlugConnected size={16} />}
              data-testid="proxy-go-connections"
            >
              {t('proxy.goToConnections')}
            </Button>
          }
        />
      )}
      {(connections.isPending || proxied.length > 0) && (
        <Table.ScrollContainer minWidth={820}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="proxy-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('proxy.columns.connection')}</Table.Th>
                <Table.Th w={170}>{t('proxy.columns.status')}</Table.Th>
                <Table.Th>{t('proxy.columns.proxy')}</Table.Th>
                <Table.Th w={160}>{t('proxy.columns.username')}</Table.Th>
                <Table.Th w={250} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {connections.isPending && <TableSkeletonRows columns={5} rows={3} />}
              {proxied.map((connection) => (
                <Table.Tr key={connection.id} data-testid="proxy-row">
                  <Table.Td>
                    <ConnectionName connection={connection} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={connection.status} />
                  </Table.Td>
                  <Table.Td data-testid="proxy-url">
                    {connection.proxy ? (
                      <Code style={{ whiteSpace: 'nowrap' }}>{connection.proxy.url}</Code>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('proxy.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="proxy-username-cell">
                    <Text size="sm" c={connection.proxy?.username ? undefined : 'dimmed'} truncate="end">
                      {connection.proxy?.username ?? t('proxy.noUsername')}
                    </Text>
                    {connection.proxy?.passwordSet && (
                      <Text size="xs" c="dimmed">
                        {t('proxy.passwordSet')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconSettings size={14} />}
                        onClick={() => {
                          setConfiguring(connection);
                          setFormOpen(true);
                        }}
                        data-testid="proxy-configure"
                      >
                        {t('proxy.configure')}
                      </Button>
                      {connection.proxy && (
                        <Button
                          size="xs"
                          variant="light"
                          color="negative"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => setRemoving(connection)}
                          data-testid="proxy-remove"
                        >
                          {t('proxy.remove')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {others.length > 0 && <OtherConnections connections={others} />}
      <ProxyFormModal opened={formOpen} connection={configuring} onClose={() => setFormOpen(false)} />
      <ConfirmDeleteModal
        opened={removing !== null}
        title={t('proxy.removeTitle')}
        message={t('proxy.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('proxy.remove')}
        loading={save.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={onRemove}
      />
    </Stack>
  );
};
