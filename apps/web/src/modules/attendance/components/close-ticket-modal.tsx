import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFarewellMessages } from '../../farewell-messages/api/farewell-messages-api';
import { useReasons } from '../api/lookups-api';

/** `farewell`: the saved closing message (from /fechamento) to send before closing, as written there. */
export type TCloseChoice = { reasonId: number | null; sendFarewell: boolean; farewell: string | null };

type TCloseTicketModalProps = {
  opened: boolean;
  loading: boolean;
  /** Set when the server answered that a closing reason is required. */
  reasonError: string | null;
  onClose: () => void;
  onConfirm: (choice: TCloseChoice) => void;
  /** Fills a closing message's variables for the preview ({{name}}, {{protocol}}, ...). */
  fill?: (message: string) => string;
};

/**
 * "Encerrar": asks for a closing reason when the tenant has reasons, offers the saved closing messages
 * (/fechamento) to send first, and whether to send the connection's farewell.
 */
export const CloseTicketModal = ({
  opened,
  loading,
  reasonError,
  onClose,
  onConfirm,
  fill = (message) => message,
}: TCloseTicketModalProps) => {
  const { t } = useTranslation();
  const reasons = useReasons(opened);
  const farewells = useFarewellMessages(opened);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [farewellId, setFarewellId] = useState<string | null>(null);
  const [sendFarewell, setSendFarewell] = useState(true);

  useEffect(() => {
    if (!opened) return;
    setReasonId(null);
    setFarewellId(null);
    setSendFarewell(true);
  }, [opened]);

  const options = (reasons.data ?? []).map((reason) => ({ value: String(reason.id), label: reason.name }));
  const farewellOptions = (farewells.data ?? []).map((item) => ({ value: String(item.id), label: item.message }));
  const farewell = farewells.data?.find((item) => String(item.id) === farewellId)?.message ?? null;

  return (
    <Modal opened={opened} onClose={onClose} title={t('attendance.close.title')}>
      <Stack>
        <Text size="sm">{t('attendance.close.text')}</Text>
        {options.length > 0 && (
          <Select
            data-autofocus
            label={t('attendance.close.reason')}
            placeholder={t('attendance.close.reasonPlaceholder')}
            data={options}
            value={reasonId}
            onChange={setReasonId}
            clearable
            searchable
            error={reasonError}
            data-testid="close-reason"
          />
        )}
        {options.length === 0 && reasonError && (
          <Text size="sm" c="negative">
            {reasonError}
          </Text>
        )}
        {farewellOptions.length > 0 && (
          <Select
            label={t('conversation.close.message')}
            description={t('conversation.close.messageHint')}
            placeholder={t('conversation.close.messagePlaceholder')}
            data={farewellOptions}
            value={farewellId}
            onChange={setFarewellId}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
            data-testid="close-message"
          />
        )}
        {farewell && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-testid="close-message-preview">
            {fill(farewell)}
          </Text>
        )}
        <Checkbox
          label={t('attendance.close.sendFarewell')}
          checked={sendFarewell}
          onChange={(event) => setSendFarewell(event.currentTarget.checked)}
          data-testid="close-farewell"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="negative"
            loading={loading}
            onClick={() => onConfirm({ reasonId: reasonId ? Number(reasonId) : null, sendFarewell, farewell })}
            data-testid="close-confirm"
          >
            {t('attendance.close.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
