import { Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import { IconPlugConnectedX, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useDisconnectSession, useNewQrCode } from '../api/connections-api';

/**
 * A WhatsApp number paired by QR code (Evolution API gateway): the QR code to scan while the gateway shows
 * one. It changes live: the session event refreshes the list, and with it this image.
 */
export const SessionQrCode = ({ connection }: { connection: TConnection }) => {
  const { t } = useTranslation();
  if (connection.status === 'qrcode' && connection.qrcode)
    return (
      <Stack gap={6} align="center" data-testid="connection-session">
        <Text size="sm" fw={600}>
          {t('connections.session.qrTitle')}
        </Text>
        <Image
          src={connection.qrcode}
          alt={t('connections.session.qrAlt')}
          w={240}
          h={240}
          fit="contain"
          radius="sm"
          data-testid="connection-qrcode"
        />
        <Text size="xs" c="dimmed" ta="center" maw={320}>
          {t('connections.session.qrHint')}
        </Text>
      </Stack>
    );
  if (connection.status === 'OPENING' || connection.status === 'qrcode')
    return (
      <Center>
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('connections.session.waitingQr')}
          </Text>
        </Group>
      </Center>
    );
  return null;
};

/** The session's actions: a new QR code while not connected, and disconnecting the number (confirmed first). */
export const SessionActions = ({ connection }: { connection: TConnection }) => {
  const { t } = useTranslation();
  const newQr = useNewQrCode();
  const disconnect = useDisconnectSession();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {connection.status !== 'CONNECTED' && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconQrcode size={14} />}
          loading={newQr.isPending}
          onClick={() =>
            // A gateway that refuses shows on the card (its last error) when the list refreshes.
            newQr.mutate(connection.id, { onError: (error) => notifyError(describeApiError(error)) })
          }
          data-testid="connection-new-qr"
        >
          {t('connections.session.newQr')}
        </Button>
      )}
      {connection.status !== 'DISCONNECTED' && (
        <Button
          size="xs"
          variant="light"
          color="negative"
          leftSection={<IconPlugConnectedX size={14} />}
          onClick={() => setConfirming(true)}
          data-testid="connection-disconnect"
        >
          {t('connections.session.disconnect')}
        </Button>
      )}
      <ConfirmDeleteModal
        opened={confirming}
        title={t('connections.session.disconnectTitle')}
        message={t('connections.session.disconnectMessage', { name: connection.name })}
        confirmLabel={t('connections.session.disconnect')}
        loading={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(connection.id, {
            onSuccess: () => {
              notifySuccess(t('connections.session.disconnected'));
              setConfirming(false);
            },
            onError: (error) => notifyError(describeApiError(error)),
          })
        }
      />
    </>
  );
};
