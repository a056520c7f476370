import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import {
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconCopy,
  IconExternalLink,
  IconMessageChatbot,
  IconPencil,
  IconPlugConnected,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useQueues } from '../../queues/api/queues-api';
import { useConnections, useDeleteConnection } from '../api/connections-api';
import { ConnectionFormModal } from '../components/connection-form-modal';

// The page is served by the same server as the script: its origin is the public URL visitors reach.
const embedSnippet = (token: string) =>
  `<script src="${window.location.origin}/webchat.js" data-token="${token}" async></script>`;

const typeIcons: Record<string, typeof IconMessageChatbot> = {
  webchat: IconMessageChatbot,
  whatsapp: IconBrandWhatsapp,
  waba: IconBrandWhatsapp,
  baileys: IconBrandWhatsapp,
  telegram: IconBrandTelegram,
  instagram: IconBrandInstagram,
  messenger: IconBrandMessenger,
};

const EmbedPanel = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const snippet = embedSnippet(token);
  return (
    <Stack gap={6} data-testid="connection-embed">
      <Text size="sm" fw={600}>
        {t('connections.embedTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('connections.embedHint')}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block flex={1} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {snippet}
        </Code>
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('connections.copied') : t('connections.copy')}>
              <ActionIcon variant="light" onClick={copy} aria-label={t('connections.copy')}>
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Anchor href={`/webchat/${token}`} target="_blank" rel="noopener" size="sm">
        <Group gap={4}>
          <IconExternalLink size={14} />
          {t('connections.openPage')}
        </Group>
      </Anchor>
    </Stack>
  );
};

const ConnectionCard = ({
  connection,
  queueName,
  onEdit,
  onDelete,
}: {
  connection: TConnection;
  queueName: string | null;
  onEdit: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation();
  const connected = connection.status === 'CONNECTED' || connection.type === 'webchat';
  const TypeIcon = typeIcons[connection.type] ?? IconPlugConnected;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="connection-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <TypeIcon size={28} aria-hidden />
            <Stack gap={0}>
              <Text fw={700}>{connection.name}</Text>
              <Text size="xs" c="dimmed">
                {t(`connections.types.${connection.type}`, { defaultValue: connection.type })}
              </Text>
            </Stack>
          </Group>
          <Group gap={4}>
            {connection.isDefault && <Badge variant="light">{t('connections.default')}</Badge>}
            <Badge color={connected ? 'positive' : 'negative'} variant="light">
              {t(`connections.statuses.${connected ? 'CONNECTED' : connection.status}`, {
                defaultValue: connection.status,
              })}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" data-testid="connection-queue">
          {t('connections.queueLabel')}: {queueName ?? t('connections.noQueue')}
        </Text>
        {connection.type === 'webchat' && connection.token && <EmbedPanel token={connection.token} />}
        {connection.type !== 'webchat' && (
          <Text size="sm" c="dimmed">
            {t('connections.typeSoon')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            {t('connections.edit')}
          </Button>
          <Button size="xs" variant="light" color="negative" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            {t('connections.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/** `/sessoes`: the tenant's channel connections; today the site chat, with its embed code. */
export const ConnectionsPage = () => {
  const { t } = useTranslation();
  const connections = useConnections();
  const remove = useDeleteConnection();
  const queues = useQueues();
  const queueName = (id: number | null) => queues.data?.find((queue) => queue.id === id)?.queue ?? null;
  const [editing, setEditing] = useState<TConnection | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TConnection | null>(null);
  const open = (connection: TConnection | null) => {
    setEditing(connection);
    setFormOpen(true);
  };
  return (
    <Stack>
      <PageHeader
        title={t('connections.title')}
        icon={IconPlugConnected}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="connection-add">
            {t('connections.add')}
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        {t('connections.soon')}
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
      <ConnectionFormModal opened={formOpen} connection={editing} onClose={() => setFormOpen(false)} />
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
