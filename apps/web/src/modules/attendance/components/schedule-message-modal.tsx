import { Button, FileInput, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TScheduleOptions } from '@prosa/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { ScheduleOptionSwitches } from '../../schedules/components/schedule-options';
import { useScheduleMessage } from '../api/messages-api';
import { localInputToIsoWithOffset, toLocalInputValue } from './format-time';

type TScheduleValues = { body: string; when: string };

type TScheduleMessageModalProps = {
  opened: boolean;
  ticketId: number;
  initialBody: string;
  onClose: () => void;
};

const noOptions: TScheduleOptions = { cancelOnReply: false, openTicket: false, sign: false };

/**
 * POST /messagesSchedule: the message waits in the ticket's scheduled list until its time, with its options
 * (cancel if the customer writes first, open a ticket, sign) and files (attachments, voice notes).
 */
export const ScheduleMessageModal = ({ opened, ticketId, initialBody, onClose }: TScheduleMessageModalProps) => {
  const { t } = useTranslation();
  const schedule = useScheduleMessage();
  const [options, setOptions] = useState<TScheduleOptions>(noOptions);
  const [files, setFiles] = useState<File[]>([]);
  // The form's rules are read once; the files they check are the current ones.
  const filesRef = useRef<File[]>([]);
  filesRef.current = files;
  const form = useForm<TScheduleValues>({
    initialValues: { body: '', when: '' },
    validate: {
      body: (value) => (value.trim() || filesRef.current.length > 0 ? null : t('validation.required')),
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
    setOptions(noOptions);
    setFiles([]);
    form.clearErrors();
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    const scheduleDate = localInputToIsoWithOffset(values.when);
    if (!scheduleDate) return;
    try {
      await schedule.mutateAsync({ ticketId, body: values.body.trim(), scheduleDate, ...options, files });
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
          <FileInput
            multiple
            clearable
            label={t('schedules.attachments')}
            description={t('schedules.attachmentsHint')}
            accept="image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.txt,.zip"
            leftSection={<IconPaperclip size={16} />}
            value={files}
            onChange={setFiles}
            data-testid="schedule-files"
          />
          <ScheduleOptionSwitches value={options} onChange={setOptions} />
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
