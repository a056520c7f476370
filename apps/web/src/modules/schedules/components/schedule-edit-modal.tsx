import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { TSchedule, TScheduleOptions } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { localInputToIsoWithOffset, toLocalInputValue } from '../../attendance/components/format-time';
import { useUpdateSchedule } from '../api/schedules-api';
import { ScheduleOptionSwitches } from './schedule-options';

/** PUT /messagesSchedule/:id: a pending schedule's text, time and options. */
export const ScheduleEditModal = ({ schedule, onClose }: { schedule: TSchedule | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateSchedule();
  const [body, setBody] = useState('');
  const [when, setWhen] = useState('');
  const [options, setOptions] = useState<TScheduleOptions>({ cancelOnReply: false, openTicket: false, sign: false });
  const [errors, setErrors] = useState<{ body?: string; when?: string }>({});

  useEffect(() => {
    if (!schedule) return;
    setBody(schedule.body);
    setWhen(toLocalInputValue(new Date(schedule.scheduleDate)));
    setOptions(schedule.options);
    setErrors({});
  }, [schedule]);

  const hasFile = Boolean(schedule?.mediaUrl);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!schedule) return;
    const scheduleDate = localInputToIsoWithOffset(when);
    const found: typeof errors = {};
    if (!hasFile && !body.trim()) found.body = t('validation.required');
    if (!scheduleDate) found.when = t('validation.date');
    else if (when !== toLocalInputValue(new Date(schedule.scheduleDate)) && Date.parse(scheduleDate) <= Date.now())
      found.when = t('schedules.mustBeFuture');
    setErrors(found);
    if (Object.keys(found).length > 0 || !scheduleDate) return;
    try {
      await update.mutateAsync({
        id: schedule.id,
        change: {
          ...(body.trim() ? { body: body.trim() } : {}),
          // The field shows minutes: an untouched time keeps its exact value.
          ...(when !== toLocalInputValue(new Date(schedule.scheduleDate)) ? { scheduleDate } : {}),
          ...options,
        },
      });
      notifySuccess(t('schedules.saved'));
      onClose();
    } catch (error) {
      showApiError(error, {
        values: { body, scheduleDate: when },
        setFieldError: (path, message) => setErrors({ [path === 'scheduleDate' ? 'when' : 'body']: message }),
      });
    }
  };

  return (
    <Modal opened={schedule !== null} onClose={onClose} title={t('schedules.edit')}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="schedule-edit-form">
        <Stack>
          <TextInput
            type="datetime-local"
            label={t('schedules.when')}
            withAsterisk
            min={toLocalInputValue(new Date())}
            value={when}
            error={errors.when}
            onChange={(event) => setWhen(event.currentTarget.value)}
            data-testid="schedule-edit-when"
          />
          <Textarea
            data-autofocus
            label={t('schedules.body')}
            withAsterisk={!hasFile}
            rows={4}
            value={body}
            error={errors.body}
            onChange={(event) => setBody(event.currentTarget.value)}
            data-testid="schedule-edit-body"
          />
          <ScheduleOptionSwitches value={options} onChange={setOptions} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="schedule-edit-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
