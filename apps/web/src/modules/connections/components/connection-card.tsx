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
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { formatPhone, type TConnection } from '@prosa/contracts';
import {
  IconAlertTriangle,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconCopy,
  IconExternalLink,
  IconMessageChatbot,
  IconPencil,
  IconPlugConnected,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import { SessionActions, SessionQrCode } from './session-panel';

// The page is served by the same server as the script: its origin is the public URL visitors reach.
const embedSnippet = (token: string) =>
  `<script src="${window.location.origin}/webchat.js" data-token="${token}" async></script>`;

export const typeIcons: Record<string, typeof IconMessageChatbot> = {
  webchat: IconMessageChatbot,
  whatsapp: IconBrandWhatsapp,
  waba: IconBrandWhatsapp,
  baileys: IconBrandWhatsapp,
  evolution: IconBrandWhatsapp,
  telegram: IconBrandTelegram,
  instagram: IconBrandInstagram,
  messenger: IconBrandMessenger,
};

/** Channels whose messages flow today; the others are shown as coming soon. */
const workingTypes = new Set(['webchat', 'waba', 'evolution', 'telegram']);
/** Channels paired with a phone by QR code: their card shows the QR and the session's actions. */
const sessionTypes = new Set(['evolution']);

/** A number as the provider reported it; a bare E.164 ('+5511...') is shown as people write it. */
export const displayNumber = (number: string) => (/^\+\d{8,15}$/.test(number) ? formatPhone(number) : number);

export const statusColor = (status: string) =>
  status === 'CONNECTED' ? 'positive' : status === 'OPENING' || status === 'qrcode' ? 'warning' : 'negative';

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

/** Where an Evolution number lives: the gateway and the instance the server made there (set up on its own). */
const EvolutionGatewayInfo = ({ settings }: { settings: Record<string, unknown> }) => {
  const { t } = useTranslation();
  if (typeof settings.gatewayUrl !== 'string') return null;
  return (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="connection-gateway">
      {t('connections.evolution.gatewayLine', {
        url: settings.gatewayUrl,
        instance: typeof settings.instanceName === 'string' ? settings.instanceName : '',
      })}
    </Text>
  );
};

export const ConnectionCard = ({
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
          <Group gap="sm" wrap="nowrap" miw={0}>
            <TypeIcon size={28} aria-hidden />
            <Stack gap={0}>
              <Text fw={700}>{connection.name}</Text>
              <Text size="xs" c="dimmed">
                {t(`connections.types.${connection.type}`, { defaultValue: connection.type })}
              </Text>
            </Stack>
          </Group>
          {/* The status never shrinks to an ellipsis: a long name wraps instead. */}
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {connection.isDefault && <Badge variant="light">{t('connections.default')}</Badge>}
            <Badge
              color={statusColor(connected ? 'CONNECTED' : connection.status)}
              variant="light"
              data-testid="connection-status"
            >
              {t(`connections.statuses.${connected ? 'CONNECTED' : connection.status}`, {
                defaultValue: connection.status,
              })}
            </Badge>
          </Group>
        </Group>
        {/* A QR session's number only while it is that number's session. */}
        {connection.number && (connected || !sessionTypes.has(connection.type)) && (
          <Text size="sm" data-testid="connection-number">
            {t(connection.type === 'telegram' ? 'connections.telegram.bot' : 'connections.number')}:{' '}
            {displayNumber(connection.number)}
          </Text>
        )}
        <Text size="sm" data-testid="connection-queue">
          {t('connections.queueLabel')}: {queueName ?? t('connections.noQueue')}
        </Text>
        {connection.type === 'evolution' && connection.settings && (
          <EvolutionGatewayInfo settings={connection.settings} />
        )}
        {/* How the bot's messages arrive: a webhook (https PUBLIC_URL) or long polling. */}
        {connection.type === 'telegram' && typeof connection.settings?.mode === 'string' && (
          <Text size="xs" c="dimmed" data-testid="connection-telegram-mode">
            {t(`connections.telegram.modes.${connection.settings.mode}`)}
          </Text>
        )}
        {/* While a QR code waits to be read, the card shows it, not why the last session ended. */}
        {connection.lastError && !connected && connection.status !== 'qrcode' && (
          <Alert variant="light" color="negative" icon={<IconAlertTriangle size={16} />} p="xs">
            <Text size="sm" data-testid="connection-last-error">
              {translateErrorCode(connection.lastError)}
            </Text>
          </Alert>
        )}
        {connection.type === 'webchat' && connection.token && <EmbedPanel token={connection.token} />}
        {connection.type === 'waba' && connection.settings && <WabaWebhookPanel settings={connection.settings} />}
        {sessionTypes.has(connection.type) && <SessionQrCode connection={connection} />}
        {!workingTypes.has(connection.type) && (
          <Text size="sm" c="dimmed">
            {t('connections.typeSoon')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {sessionTypes.has(connection.type) && <SessionActions connection={connection} />}
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
