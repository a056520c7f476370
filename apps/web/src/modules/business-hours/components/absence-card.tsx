import { Button, Card, Group, NumberInput, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { fillVariables, type TTenantSettings } from '@prosa/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useQueues } from '../../queues/api/queues-api';
import { useSaveSetting } from '../../settings/api/settings-api';
import { insertAtCursor, VariablesMenu } from '../../variables/components/variables-menu';
import { useSaveAbsenceMessage, useSaveTimeZone } from '../api/business-hours-api';

type TAbsenceCardProps = {
  message: string;
  settings: TTenantSettings;
  timeZone: string;
  readOnly: boolean;
  /** The zone being edited, so the preview follows it before it is saved. */
  onTimeZoneChange: (zone: string) => void;
};

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  return supported?.length ? supported : ['America/Sao_Paulo', 'UTC'];
};

// How a customer named Maria sees the text (a sample; the real values come from the ticket).
const sample = {
  name: 'Maria Silva',
  protocol: '2026031000042',
  user: 'Ana',
  queue: 'Suporte',
  email: '',
  phoneNumber: '',
};

/** The absence text and how it is sent: at most `maxRetries` per ticket, optional queue, agent hours, zone. */
export const AbsenceCard = ({ message, settings, timeZone, readOnly, onTimeZoneChange }: TAbsenceCardProps) => {
  const { t } = useTranslation();
  const queues = useQueues();
  const saveMessage = useSaveAbsenceMessage();
  const saveZone = useSaveTimeZone();
  const saveSetting = useSaveSetting();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(message);
  const [retries, setRetries] = useState<number | string>(Number(settings.maxRetries) || 0);
  const [queueId, setQueueId] = useState<string | null>(settings.outOfHoursQueueId || null);
  const [userHours, setUserHours] = useState(settings.useUserBusinessHours === 'enabled');
  const [zone, setZone] = useState(timeZone);
  const [saving, setSaving] = useState(false);
  const [textError, setTextError] = useState<string | null>(null);
  useEffect(() => setText(message), [message]);
  useEffect(() => setZone(timeZone), [timeZone]);
  const zoneOptions = useMemo(zones, []);

  const save = async () => {
    if (!text.trim()) return setTextError(t('openingHours.absenceRequired'));
    setTextError(null);
    setSaving(true);
    try {
      if (text !== message) await saveMessage.mutateAsync({ messageBusinessHours: text });
      if (zone !== timeZone) await saveZone.mutateAsync({ timezone: zone });
      const changes: [keyof TTenantSettings, string][] = [
        ['maxRetries', String(retries === '' ? 0 : retries)],
        ['outOfHoursQueueId', queueId ?? ''],
        ['useUserBusinessHours', userHours ? 'enabled' : 'disabled'],
      ];
      for (const [key, value] of changes) if (settings[key] !== value) await saveSetting.mutateAsync({ key, value });
      notifySuccess(t('openingHours.absenceSaved'));
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('openingHours.absence')}
          </Title>
          {!readOnly && (
            <VariablesMenu
              data-testid="absence-variables"
              onPick={(token) => setText((value) => insertAtCursor(value, token, textArea.current))}
            />
          )}
        </Group>
        <Textarea
          ref={textArea}
          label={t('openingHours.absenceText')}
          description={t('openingHours.absenceHint')}
          autosize
          minRows={3}
          maxLength={4000}
          readOnly={readOnly}
          value={text}
          error={textError}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="absence-text"
        />
        <Text size="xs" c="dimmed" data-testid="absence-sample" style={{ whiteSpace: 'pre-wrap' }}>
          {t('openingHours.absenceSample')} {fillVariables(text, sample, { timeZone: zone })}
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={t('openingHours.maxRetries')}
            description={t('openingHours.maxRetriesHint')}
            min={0}
            max={20}
            allowDecimal={false}
            disabled={readOnly}
            value={retries}
            onChange={setRetries}
            data-testid="absence-max-retries"
          />
          <Select
            label={t('openingHours.outOfHoursQueue')}
            description={t('openingHours.outOfHoursQueueHint')}
            placeholder={t('openingHours.noQueue')}
            clearable
            disabled={readOnly}
            data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.queue }))}
            value={queueId}
            onChange={setQueueId}
            data-testid="absence-queue"
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('openingHours.timeZone')}
            description={t('openingHours.timeZoneHint')}
            searchable
            allowDeselect={false}
            disabled={readOnly}
            data={zoneOptions}
            value={zone}
            onChange={(value) => {
              if (!value) return;
              setZone(value);
              onTimeZoneChange(value);
            }}
            data-testid="absence-timezone"
          />
          <Switch
            mt="lg"
            label={t('openingHours.userHours')}
            description={t('openingHours.userHoursHint')}
            disabled={readOnly}
            checked={userHours}
            onChange={(e) => setUserHours(e.currentTarget.checked)}
            data-testid="absence-user-hours"
          />
        </Group>
        {!readOnly && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={saving} data-testid="absence-save">
              {t('openingHours.saveAbsence')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};
