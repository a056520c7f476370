import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TMessage } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFieldError } from '../../../app/http/errors';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useForwardContacts, useForwardMessages } from '../api/conversation-actions-api';

type TOption = { value: string; label: string };

type TForwardMessageModalProps = {
  /** The messages to forward, in conversation order; null keeps the modal closed. */
  messages: TMessage[] | null;
  onClose: () => void;
  /** Called after the copies were sent (the selection can end). */
  onDone?: () => void;
};

/** "Encaminhar": pick a contact (searched on the server) and send them a copy of the messages. */
export const ForwardMessageModal = ({ messages, onClose, onDone }: TForwardMessageModalProps) => {
  const { t } = useTranslation();
  const opened = messages !== null && messages.length > 0;
  const count = messages?.length ?? 0;
  const first = messages?.[0];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<TOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const contacts = useForwardContacts(debounced, opened);
  const forward = useForwardMessages();

  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setChosen(null);
    setError(null);
  }, [opened]);

  const options: TOption[] = (contacts.data ?? []).map((contact) => ({
    value: String(contact.id),
    label: contact.number ? `${contact.name} · ${contact.number}` : contact.name,
  }));
  // The chosen contact stays selectable while the search shows others.
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);

  const confirm = async () => {
    if (!messages || count === 0) return;
    if (!chosen) {
      setError(t('validation.required'));
      return;
    }
    try {
      await forward.mutateAsync({ messages: messages.map((message) => message.id), contact: Number(chosen.value) });
      notifySuccess(t('attendance.forward.done', { name: chosen.label, count }));
      onDone?.();
      onClose();
    } catch (failure) {
      // The contact vanished meanwhile: say it next to the field; anything else goes to the usual warning.
      if (getFieldError(failure)?.field === 'contact') setError(t('attendance.forward.contactGone'));
      else showApiError(failure);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('attendance.forward.title', { count })}>
      <Stack>
        {first && (
          <Text size="sm" c="dimmed" lineClamp={3} data-testid="forward-preview">
            {count > 1
              ? t('attendance.forward.several', { count })
              : first.body || first.mediaName || t('attendance.message.file')}
          </Text>
        )}
        <Select
          label={t('attendance.forward.contact')}
          placeholder={t('attendance.forward.contactPlaceholder')}
          description={t('attendance.forward.hint')}
          data={options}
          value={chosen?.value ?? null}
          onChange={(value, option) => {
            setChosen(value && option ? { value, label: option.label } : null);
            setError(null);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server already filtered by name, number or e-mail.
          filter={({ options: items }) => items}
          nothingFoundMessage={contacts.isFetching ? t('common.loading') : t('common.nothingFound')}
          error={error}
          withAsterisk
          data-testid="forward-contact"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={forward.isPending} onClick={() => void confirm()} data-testid="forward-confirm">
            {t('attendance.forward.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
