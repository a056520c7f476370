import { Button, Menu, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import {
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconChevronDown,
  IconMessageChatbot,
  IconPlugConnected,
  IconPlus,
  IconQrcode,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useQueues } from '../../queues/api/queues-api';
import { type TNewConnectionType, useConnections, useDeleteConnection } from '../api/connections-api';
import { ConnectionCard } from '../components/connection-card';
import { ConnectionFormModal } from '../components/connection-form-modal';

const newTypes: { type: TNewConnectionType; icon: typeof IconMessageChatbot }[] = [
  { type: 'webchat', icon: IconMessageChatbot },
  { type: 'waba', icon: IconBrandWhatsapp },
  { type: 'evolution', icon: IconQrcode },
  { type: 'telegram', icon: IconBrandTelegram },
];

/**
 * `/sessoes`: the tenant's channel connections: the site chat with its embed code, Cloud API numbers with
 * their webhook, Evolution API numbers with their QR code. With `only`, one kind's settings screen
 * (`/configuracoes/meta`, `/configuracoes/webchat`, `/configuracoes/evolution`).
 */
export const ConnectionsPage = ({ only }: { only?: TNewConnectionType }) => {
  const { t } = useTranslation();
  const all = useConnections();
  const connections = only ? { ...all, data: all.data?.filter((connection) => connection.type === only) } : all;
  const remove = useDeleteConnection();
  const queues = useQueues();
  const queueName = (id: number | null) => queues.data?.find((queue) => queue.id === id)?.queue ?? null;
  const [editing, setEditing] = useState<TConnection | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [newType, setNewType] = useState<TNewConnectionType>('webchat');
  const [deleting, setDeleting] = useState<TConnection | null>(null);
  const open = (connection: TConnection | null, type: TNewConnectionType = 'webchat') => {
    setEditing(connection);
    setNewType(type);
    setFormOpen(true);
  };
  return (
    <Stack>
      <PageHeader
        title={only ? t(`connections.pageTitles.${only}`) : t('connections.title')}
        icon={IconPlugConnected}
        actions={
          only ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open(null, only)} data-testid="connection-add">
              {t('connections.add')}
            </Button>
          ) : (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  leftSection={<IconPlus size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="connection-add"
                >
                  {t('connections.add')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {newTypes.map(({ type, icon: TypeIcon }) => (
                  <Menu.Item
                    key={type}
                    leftSection={<TypeIcon size={16} />}
                    onClick={() => open(null, type)}
                    data-testid={`connection-add-${type}`}
                  >
                    {t(`connections.types.${type}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )
        }
      />
      <Text size="sm" c="dimmed">
        {only ? t(`connections.pageHints.${only}`) : t('connections.soon')}
      </Text>
      {connections.isError && <ErrorState error={connections.error} onRetry={() => void connections.refetch()} />}
      {connections.isPending && <Skeleton h={180} radius="md" />}
      {connections.data?.length === 0 && (
        <EmptyList title={t('connections.empty')} description={t('connections.emptyHint')} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {connections.data?.map((connection) => (
          <ConnectionCard
            key={connection.id}
            connection={connection}
            queueName={queueName(connection.queueId)}
            onEdit={() => open(connection)}
            onDelete={() => setDeleting(connection)}
          />
        ))}
      </SimpleGrid>
      <ConnectionFormModal opened={formOpen} connection={editing} type={newType} onClose={() => setFormOpen(false)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('connections.deleteTitle')}
        message={t('connections.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('connections.deleted'));
              setDeleting(null);
            },
            onError: (error) => notifyError(describeApiError(error)),
          })
        }
      />
    </Stack>
  );
};
