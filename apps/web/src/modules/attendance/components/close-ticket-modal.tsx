import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReasons } from '../api/lookups-api';

export type TCloseChoice = { reasonId: number | null; sendFarewell: boolean };

type TCloseTicketModalProps = {
  opened: boolean;
  loading: boolean;
  /** Set when the server answered that a closing reason is required. */
  reasonError: string | null;
  onClose: () => void;
  onConfirm: (choice: TCloseChoice) => void;
};

/** "Encerrar": asks for a closing reason when the tenant has reasons, and whether to send the farewell. */
export const CloseTicketModal = ({ opened, loading, reasonError, onClose, onConfirm }: TCloseTicketModalProps) => {
  const { t } = useTranslation();
  const reasons = useReasons(opened);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [sendFarewell, setSendFarewell] = useState(true);

  useEffect(() => {
    if (!opened) return;
    setReasonId(null);
    setSendFarewell(true);
  }, [opened]);

  const options = (reasons.data ?? []).map((reason) => ({ value: String(reason.id), label: reason.name }));

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
            onClick={() => onConfirm({ reasonId: reasonId ? Number(reasonId) : null, sendFarewell })}
            data-testid="close-confirm"
          >
            {t('attendance.close.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
