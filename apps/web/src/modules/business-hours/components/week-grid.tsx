import { Group, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import type { TBusinessDay, TBusinessHours } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

type TWeekGridProps = {
  hours: TBusinessHours;
  onChange: (hours: TBusinessHours) => void;
  readOnly: boolean;
  /** Errors by `day.field` (e.g. `1.hr2`), as the server names them. */
  errors: Record<string, string>;
};

const timeFields = ['hr1', 'hr2', 'hr3', 'hr4'] as const;

/** The week: each day open all day, closed, or two time ranges (a range ending before it starts runs past midnight). */
export const WeekGrid = ({ hours, onChange, readOnly, errors }: TWeekGridProps) => {
  const { t } = useTranslation();
  const change = (day: number, changes: Partial<TBusinessDay>) =>
    onChange(hours.map((d) => (d.day === day ? ({ ...d, ...changes } as TBusinessDay) : d)));
  const setType = (d: TBusinessDay, type: TBusinessDay['type']) =>
    change(d.day, type === 'H' && !d.hr1 ? { type, hr1: '08:00', hr2: '18:00' } : { type });

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="week-grid">
        <Table.Tbody>
          {hours.map((d) => (
            <Table.Tr key={d.day} data-testid={`day-${d.day}`}>
              <Table.Td w={150}>
                <Text fw={500} size="sm">
                  {t(`openingHours.days.${d.day}`)}
                </Text>
              </Table.Td>
              <Table.Td w={280}>
                <SegmentedControl
                  size="xs"
                  disabled={readOnly}
                  value={d.type}
                  onChange={(value) => setType(d, value as TBusinessDay['type'])}
                  data={[
                    { value: 'O', label: t('openingHours.type.O') },
                    { value: 'C', label: t('openingHours.type.C') },
                    { value: 'H', label: t('openingHours.type.H') },
                  ]}
                  data-testid={`day-${d.day}-type`}
                />
              </Table.Td>
              <Table.Td>
                {d.type === 'H' && (
                  <Group gap={6} wrap="nowrap">
                    {timeFields.map((field, i) => (
                      <Group key={field} gap={6} wrap="nowrap">
                        {i === 2 && (
                          <Text size="sm" c="dimmed">
                            {t('openingHours.and')}
                          </Text>
                        )}
                        <TextInput
                          type="time"
                          size="xs"
                          w={124}
                          disabled={readOnly}
                          aria-label={t(`openingHours.fields.${field}`, { day: t(`openingHours.days.${d.day}`) })}
                          value={d[field] ?? ''}
                          error={errors[`${d.day}.${field}`]}
                          onChange={(e) => change(d.day, { [field]: e.currentTarget.value || undefined })}
                          data-testid={`day-${d.day}-${field}`}
                        />
                        {i % 2 === 0 && (
                          <Text size="sm" c="dimmed">
                            –
                          </Text>
                        )}
                      </Group>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
