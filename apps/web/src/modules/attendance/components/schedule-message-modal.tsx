import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useScheduleMessage } from '../api/messages-api';
import { localInputToIsoWithOffset, toLocalInputValue } from './format-time';

type TScheduleValues = { body: string; when: string };

type TScheduleMessageModalProps = {
  opened: boolean;
  ticketId: number;
  initialBody: string;
  onClose: () => void;
};

/** POST /messagesSchedule: the message waits in the ticket's scheduled list until its time. */
export const ScheduleMessageModal = ({ opened, ticketId, initialBody, onClose }: TScheduleMessageModalProps) => {
  const { t } = useTranslation();
  const schedule = useScheduleMessage();
  const form = useForm<TScheduleValues>({
    initialValues: { body: '', when: '' },
    validate: {
      body: (value) => (value.trim() ? null : t('validation.required')),
      when: (value) => {
        const iso = localInputToIsoWithOffset(value);
        if (!iso) return t('validation.date');
        return Date.parse(iso) > Date.now() ? null : t('attendance.schedule.mustBeFuture');
      },
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form each time the modal opens
  useEffect(() => {
    if (!opened) return;
    const inOneHour = new Date(Date.now() + 60 * 60_000);
    form.setValues({ body: initialBody, when: toLocalInputValue(inOneHour) });
    form.clearErrors();
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    const scheduleDate = localInputToIsoWithOffset(values.when);
    if (!scheduleDate) return;
    try {
      await schedule.mutateAsync({ ticketId, body: values.body.trim(), scheduleDate });
      notifySuccess(t('attendance.schedule.created'));
      onClose();
    } catch (error) {
      // The server names the field scheduleDate; the form calls it when.
      showApiError(error, {
        setFieldError: (path, message) => form.setFieldError(path === 'scheduleDate' ? 'when' : path, message),
        values: { ...form.values, scheduleDate: '' },
      });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('attendance.schedule.title')}>
      <form onSubmit={submit} noValidate data-testid="schedule-form">
        <Stack>
          <TextInput
            type="datetime-local"
            label={t('attendance.schedule.when')}
            withAsterisk
            min={toLocalInputValue(new Date())}
            data-testid="schedule-when"
            {...form.getInputProps('when')}
          />
          <Textarea
            data-autofocus
            label={t('attendance.schedule.body')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            data-testid="schedule-body"
            {...form.getInputProps('body')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={schedule.isPending} data-testid="schedule-submit">
              {t('attendance.schedule.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
