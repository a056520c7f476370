import { Alert, Anchor, Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { formatPhone, type TConnection } from '@prosa/contracts';
import {
  IconAlertTriangle,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconExternalLink,
  IconHierarchy2,
  IconMessage,
  IconMessageChatbot,
  IconPencil,
  IconPlugConnected,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../app/access/can';
import { translateErrorCode } from '../../../app/http/errors';
import { CopyIconButton } from '../../../ui/copy-icon-button';
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
  zapi: IconBrandWhatsapp,
  uazapi: IconBrandWhatsapp,
  wuzapi: IconBrandWhatsapp,
  sms: IconMessage,
  hub: IconHierarchy2,
};

/** Channels whose messages flow; the generic WhatsApp placeholder of old records is shown as not set up. */
const workingTypes = new Set(Object.keys(typeIcons).filter((type) => type !== 'whatsapp'));
/** Channels paired with a phone by QR code: their card shows the QR and the session's actions. */
const sessionTypes = new Set(['baileys', 'evolution', 'zapi', 'uazapi', 'wuzapi']);

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
      <CopyIconButton
        value={value}
        label={t('connections.copy')}
        copiedLabel={t('connections.copied')}
        variant="light"
      />
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

/** Channels whose webhook the admin pastes into the provider's panel (the others register it themselves). */
const manualWebhookTypes = new Set(['waba', 'instagram', 'messenger', 'sms']);

/**
 * What to register at the provider: the callback URL, and for Meta's channels the verify token. The hint says
 * where, in the channel's own words.
 */
const WebhookPanel = ({ type, settings }: { type: string; settings: Record<string, unknown> }) => {
  const { t } = useTranslation();
  const webhookUrl = typeof settings.webhookUrl === 'string' ? settings.webhookUrl : null;
  const verifyToken = typeof settings.verifyToken === 'string' ? settings.verifyToken : null;
  if (!webhookUrl) return null;
  return (
    <Stack gap={6} data-testid="connection-webhook">
      <Text size="sm" fw={600}>
        {t(type === 'waba' ? 'connections.waba.webhookTitle' : 'connections.webhookTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`connections.${type}.webhookHint`)}
      </Text>
      <Text size="xs">{t(verifyToken ? 'connections.waba.callbackUrl' : 'connections.webhookUrl')}</Text>
      <CopyableCode value={webhookUrl} testId="connection-webhook-url" />
      {verifyToken && (
        <>
          <Text size="xs">{t('connections.waba.verifyToken')}</Text>
          <CopyableCode value={verifyToken} testId="connection-verify-token" />
        </>
      )}
    </Stack>
  );
};

/** The gateway's address field of each QR gateway kind (Z-API is hosted: nothing to show). */
const gatewayFields: Record<string, string> = { evolution: 'gatewayUrl', uazapi: 'uazapiUrl', wuzapi: 'wuzapiUrl' };

/**
 * Where a gateway number lives (the server sets it up there on its own), or which Hub channel a NotificaMe
 * connection is: one dimmed line.
 */
const ProviderLine = ({ type, settings }: { type: string; settings: Record<string, unknown> }) => {
  const { t } = useTranslation();
  const url = settings[gatewayFields[type] ?? ''];
  const line =
    type === 'hub' && typeof settings.hubChannel === 'string'
      ? t('connections.hub.channelLine', {
          channel: t(`connections.hub.channels.${settings.hubChannel}`, { defaultValue: settings.hubChannel }),
        })
      : typeof url !== 'string'
        ? null
        : type === 'evolution'
          ? t('connections.evolution.gatewayLine', {
              url,
              instance: typeof settings.instanceName === 'string' ? settings.instanceName : '',
            })
          : t(`connections.${type}.gatewayLine`, { url });
  if (!line) return null;
  return (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="connection-gateway">
      {line}
    </Text>
  );
};

/** What the card calls the connection's `number`: a bot, an Instagram account, a Facebook Page or a number. */
const numberLabel = (type: string) =>
  type === 'telegram'
    ? 'connections.telegram.bot'
    : type === 'instagram' || type === 'messenger'
      ? `connections.${type}.account`
      : 'connections.number';

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
            {t(numberLabel(connection.type))}: {displayNumber(connection.number)}
          </Text>
        )}
        <Text size="sm" data-testid="connection-queue">
          {t('connections.queueLabel')}: {queueName ?? t('connections.noQueue')}
        </Text>
        {connection.settings && <ProviderLine type={connection.type} settings={connection.settings} />}
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
        {manualWebhookTypes.has(connection.type) && connection.settings && (
          <WebhookPanel type={connection.type} settings={connection.settings} />
        )}
        {sessionTypes.has(connection.type) && <SessionQrCode connection={connection} />}
        {!workingTypes.has(connection.type) && (
          <Text size="sm" c="dimmed">
            {t('connections.typeSoon')}
          </Text>
        )}
        <Can do="connections.manage">
          <Group justify="flex-end" gap="xs" data-testid="connection-actions">
            {sessionTypes.has(connection.type) && <SessionActions connection={connection} />}
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              {t('connections.edit')}
            </Button>
            <Button size="xs" variant="light" color="negative" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              {t('connections.delete')}
            </Button>
          </Group>
        </Can>
      </Stack>
    </Card>
  );
};
