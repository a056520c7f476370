import { ActionIcon, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type THolidays, ZHoliday } from '@prosa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { EmptyList } from '../../../ui/data-states';
import { showApiError } from '../../../ui/server-errors';
import { useSaveHolidays } from '../api/business-hours-api';

type THolidaysCardProps = { holidays: THolidays; readOnly: boolean };

const formatDate = (date: string, recurring: boolean, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'long',
    ...(recurring ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** Closed days: picked on the browser's calendar (`type="date"`), with a name and "every year". */
export const HolidaysCard = ({ holidays, readOnly }: THolidaysCardProps) => {
  const { t, i18n } = useTranslation();
  const save = useSaveHolidays();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [recurring, setRecurring] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const store = (next: THolidays, done?: () => void) =>
    save.mutate(next, {
      onSuccess: () => {
        notifySuccess(t('openingHours.holidaysSaved'));
        done?.();
      },
      onError: (e) => showApiError(e),
    });

  const add = () => {
    const holiday = { date, ...(name.trim() ? { name: name.trim() } : {}), ...(recurring ? { recurring } : {}) };
    if (!ZHoliday.safeParse(holiday).success) return setError(t('openingHours.holidayDateInvalid'));
    if (holidays.some((h) => h.date === date)) return setError(t('openingHours.holidayDuplicated'));
    setError(null);
    store([...holidays, holiday], () => {
      setDate('');
      setName('');
      setRecurring(false);
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Title order={2} fz="h4">
          {t('openingHours.holidays')}
        </Title>
        {!readOnly && (
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label={t('openingHours.holidayDate')}
              value={date}
              error={error}
              onChange={(e) => setDate(e.currentTarget.value)}
              data-testid="holiday-date"
            />
            <TextInput
              label={t('openingHours.holidayName')}
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && add()}
              data-testid="holiday-name"
            />
            <Checkbox
              mb={8}
              label={t('openingHours.holidayRecurring')}
              checked={recurring}
              onChange={(e) => setRecurring(e.currentTarget.checked)}
              data-testid="holiday-recurring"
            />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={add}
              loading={save.isPending}
              data-testid="holiday-add"
            >
              {t('openingHours.holidayAdd')}
            </Button>
          </Group>
        )}
        {holidays.length === 0 ? (
          <EmptyList title={t('openingHours.holidaysEmpty')} description={t('openingHours.holidaysEmptyHint')} />
        ) : (
          <Table verticalSpacing="xs" data-testid="holiday-table">
            <Table.Tbody>
              {holidays.map((h) => (
                <Table.Tr key={h.date} data-testid="holiday-row">
                  <Table.Td w={220}>{formatDate(h.date, h.recurring === true, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{h.name ?? ''}</Text>
                  </Table.Td>
                  <Table.Td w={140}>
                    {h.recurring && (
                      <Badge variant="light" color="primary">
                        {t('openingHours.everyYear')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td w={48}>
                    {!readOnly && (
                      <ActionIcon
                        variant="subtle"
                        color="negative"
                        aria-label={t('openingHours.holidayDelete', { date: h.date })}
                        onClick={() => store(holidays.filter((x) => x.date !== h.date))}
                        data-testid="holiday-delete"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
};
