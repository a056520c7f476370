import { Button, Center, Code, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import { IconDeviceMobileMessage, IconPlugConnectedX, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { MaskedInput } from '../../../ui/masked-input';
import { useDisconnectSession, useNewQrCode, usePairingCode } from '../api/connections-api';

/**
 * A WhatsApp number paired by QR code (Baileys or a gateway): the QR code to scan while the gateway shows
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

/** The phone's digits as the server takes them: 10 to 15, country and area code included. */
const pairingDigits = (phone: string) => phone.replace(/[\s()+.-]/g, '');

/**
 * Pairing without a camera: the admin gives the number, the server asks the provider for a code, and the code
 * is typed on the phone (Linked devices > Link with phone number instead). The card turns "Conectado" live.
 */
const PairingModal = ({
  connection,
  opened,
  onClose,
}: {
  connection: TConnection;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const pairing = usePairingCode();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    pairing.reset();
    setError(null);
    onClose();
  };
  const ask = () => {
    if (!/^\d{10,15}$/.test(pairingDigits(phone))) return setError(t('connections.session.pairingInvalid'));
    pairing.mutate(
      { id: connection.id, phone: pairingDigits(phone) },
      {
        onError: (failure) =>
          getFieldError(failure)?.field === 'phone'
            ? setError(t('connections.session.pairingInvalid'))
            : notifyError(describeApiError(failure)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('connections.session.pairingTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('connections.session.pairingHint')}
        </Text>
        {pairing.data ? (
          <Stack gap={4} align="center">
            <Text size="sm">{t('connections.session.pairingCode')}</Text>
            <Code fz={28} fw={700} px="md" py="xs" style={{ letterSpacing: 4 }} data-testid="connection-pairing-code">
              {`${pairing.data.code.slice(0, 4)}-${pairing.data.code.slice(4)}`}
            </Code>
          </Stack>
        ) : (
          <MaskedInput
            kind="internationalPhone"
            label={t('connections.session.pairingPhone')}
            placeholder="+55 (11) 98765-4321"
            value={phone}
            error={error}
            data-autofocus
            onChange={(value) => {
              setPhone(value);
              setError(null);
            }}
            onKeyDown={(event) => event.key === 'Enter' && ask()}
            data-testid="connection-pairing-phone"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('connections.session.pairingClose')}
          </Button>
          {!pairing.data && (
            <Button onClick={ask} loading={pairing.isPending} data-testid="connection-pairing-ask">
              {t('connections.session.pairingAsk')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};

/**
 * The session's actions: a new QR code or a pairing code while not connected, and disconnecting the number
 * (confirmed first).
 */
export const SessionActions = ({ connection }: { connection: TConnection }) => {
  const { t } = useTranslation();
  const newQr = useNewQrCode();
  const disconnect = useDisconnectSession();
  const [confirming, setConfirming] = useState(false);
  const [pairing, setPairing] = useState(false);
  return (
    <>
      {connection.status !== 'CONNECTED' && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDeviceMobileMessage size={14} />}
          onClick={() => setPairing(true)}
          data-testid="connection-pairing"
        >
          {t('connections.session.pairing')}
        </Button>
      )}
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
      <PairingModal connection={connection} opened={pairing} onClose={() => setPairing(false)} />
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
