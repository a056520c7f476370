import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import {
  IconAlertTriangle,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconChevronDown,
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
import { describeApiError, translateErrorCode } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useQueues } from '../../queues/api/queues-api';
import { type TNewConnectionType, useConnections, useDeleteConnection } from '../api/connections-api';
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

/** A value to paste elsewhere, with its copy button. */
const CopyableCode = ({ value, testId }: { value: string; testId?: string }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block flex={1} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('connections.copied') : t('connections.copy')}>
            <ActionIcon variant="light" onClick={copy} aria-label={t('connections.copy')}>
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
};

const EmbedPanel = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="connection-embed">
      <Text size="sm" fw={600}>
        {t('connections.embedTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('connections.embedHint')}
      </Text>
      <CopyableCode value={embedSnippet(token)} />
      <Anchor href={`/webchat/${token}`} target="_blank" rel="noopener" size="sm">
        <Group gap={4}>
          <IconExternalLink size={14} />
          {t('connections.openPage')}
        </Group>
      </Anchor>
    </Stack>
  );
};

/** What to register at Meta for a Cloud API number: the callback URL and the verify token. */
const WabaWebhookPanel = ({ settings }: { settings: Record<string, unknown> }) => {
  const { t } = useTranslation();
  const webhookUrl = typeof settings.webhookUrl === 'string' ? settings.webhookUrl : null;
  const verifyToken = typeof settings.verifyToken === 'string' ? settings.verifyToken : null;
  if (!webhookUrl || !verifyToken) return null;
  return (
    <Stack gap={6} data-testid="connection-webhook">
      <Text size="sm" fw={600}>
        {t('connections.waba.webhookTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('connections.waba.webhookHint')}
      </Text>
      <Text size="xs">{t('connections.waba.callbackUrl')}</Text>
      <CopyableCode value={webhookUrl} testId="connection-webhook-url" />
      <Text size="xs">{t('connections.waba.verifyToken')}</Text>
      <CopyableCode value={verifyToken} testId="connection-verify-token" />
    </Stack>
  );
};

/** Channels whose messages flow today; the others are shown as coming soon. */
const workingTypes = new Set(['webchat', 'waba']);

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
            <Badge
              color={connected ? 'positive' : connection.status === 'OPENING' ? 'warning' : 'negative'}
              variant="light"
              data-testid="connection-status"
            >
              {t(`connections.statuses.${connected ? 'CONNECTED' : connection.status}`, {
                defaultValue: connection.status,
              })}
            </Badge>
          </Group>
        </Group>
        {connection.number && (
          <Text size="sm" data-testid="connection-number">
            {t('connections.waba.number')}: {connection.number}
          </Text>
        )}
        <Text size="sm" data-testid="connection-queue">
          {t('connections.queueLabel')}: {queueName ?? t('connections.noQueue')}
        </Text>
        {connection.lastError && !connected && (
          <Alert variant="light" color="negative" icon={<IconAlertTriangle size={16} />} p="xs">
            <Text size="sm" data-testid="connection-last-error">
              {translateErrorCode(connection.lastError)}
            </Text>
          </Alert>
        )}
        {connection.type === 'webchat' && connection.token && <EmbedPanel token={connection.token} />}
        {connection.type === 'waba' && connection.settings && <WabaWebhookPanel settings={connection.settings} />}
        {!workingTypes.has(connection.type) && (
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

const newTypes: { type: TNewConnectionType; icon: typeof IconMessageChatbot }[] = [
  { type: 'webchat', icon: IconMessageChatbot },
  { type: 'waba', icon: IconBrandWhatsapp },
];

/**
 * `/sessoes`: the tenant's channel connections: the site chat with its embed code, Cloud API numbers with
 * their webhook. With `only`, one kind's settings screen (`/configuracoes/meta`, `/configuracoes/webchat`).
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
