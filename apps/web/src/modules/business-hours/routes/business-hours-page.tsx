import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type TBusinessHours, ZBusinessHours } from '@prosa/contracts';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { getFieldError } from '../../../app/http/errors';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { issuePath, translateIssue } from '../../../ui/zod-form';
import { useTenantSettings } from '../../settings/api/settings-api';
import {
  useAbsenceMessage,
  useBusinessHours,
  useHolidays,
  useSaveBusinessHours,
  useTimeZone,
} from '../api/business-hours-api';
import { AbsenceCard } from '../components/absence-card';
import { HolidaysCard } from '../components/holidays-card';
import { OpeningPreview } from '../components/opening-preview';
import { WeekGrid } from '../components/week-grid';

/** Problems of the grid by `day.field` (`1.hr2`), as the server would name them. */
const gridErrors = (hours: TBusinessHours): Record<string, string> => {
  const result = ZBusinessHours.safeParse(hours);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issuePath(issue), translateIssue(issue)]));
};

/** `/horario-atendimento`: the week, holidays, the absence message and a live "open now?" preview. */
export const BusinessHoursPage = () => {
  const { t } = useTranslation();
  const canEdit = useCan('businessHours.manage');
  const hours = useBusinessHours();
  const holidays = useHolidays();
  const absence = useAbsenceMessage();
  const zone = useTimeZone();
  const settings = useTenantSettings();
  const saveHours = useSaveBusinessHours();
  const [week, setWeek] = useState<TBusinessHours | null>(null);
  const [editingZone, setEditingZone] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (hours.data) setWeek(hours.data);
  }, [hours.data]);

  const queries = [hours, holidays, absence, zone, settings];
  const failed = queries.find((q) => q.isError);
  const errors = { ...(week ? gridErrors(week) : {}), ...serverErrors };
  const dirty = week !== null && JSON.stringify(week) !== JSON.stringify(hours.data);

  const submit = () => {
    if (!week || Object.keys(gridErrors(week)).length > 0) return;
    saveHours.mutate(week, {
      onSuccess: () => {
        setServerErrors({});
        notifySuccess(t('openingHours.hoursSaved'));
      },
      onError: (error) => {
        const field = getFieldError(error);
        if (field) setServerErrors({ [field.field]: field.message });
        else showApiError(error);
      },
    });
  };

  return (
    <Stack maw={1000}>
      <PageHeader title={t('openingHours.title')} icon={IconClock} />
      {!canEdit && <Alert color="primary">{t('openingHours.readOnly')}</Alert>}
      {failed && <ErrorState error={failed.error} onRetry={() => queries.forEach((q) => void q.refetch())} />}
      <Card withBorder radius="md" padding="lg">
        <Stack>
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('openingHours.week')}
            </Title>
            {week && holidays.data && zone.data && (
              <OpeningPreview hours={week} holidays={holidays.data} timeZone={editingZone ?? zone.data} />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('openingHours.weekHint')}
          </Text>
          {week ? (
            <WeekGrid hours={week} onChange={setWeek} readOnly={!canEdit} errors={errors} />
          ) : (
            !failed && <Skeleton h={280} data-testid="week-loading" />
          )}
          {canEdit && week && (
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!dirty}
                onClick={() => hours.data && setWeek(hours.data)}
                data-testid="hours-reset"
              >
                {t('openingHours.discard')}
              </Button>
              <Button onClick={submit} loading={saveHours.isPending} disabled={!dirty} data-testid="hours-save">
                {t('openingHours.saveHours')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      {holidays.data ? <HolidaysCard holidays={holidays.data} readOnly={!canEdit} /> : !failed && <Skeleton h={120} />}
      {absence.data !== undefined && settings.data && zone.data ? (
        <AbsenceCard
          message={absence.data}
          settings={settings.data}
          timeZone={zone.data}
          readOnly={!canEdit}
          onTimeZoneChange={setEditingZone}
        />
      ) : (
        !failed && <Skeleton h={240} />
      )}
    </Stack>
  );
};
