import { Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TUserFormValues } from './user-form-values';

const timeFields = ['hr1', 'hr2', 'hr3', 'hr4'] as const;

/** Seven days of login hours: open all day (O), closed (C) or two time ranges (H). */
export const BusinessHoursEditor = ({ form }: { form: UseFormReturnType<TUserFormValues> }) => {
  const { t } = useTranslation();
  const days = form.values.businessHours;
  const input = (index: number, field: string) => form.getInputProps(`businessHours.${index}.${field}`);

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} data-testid="business-hours">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('businessHours.day')}</Table.Th>
            <Table.Th>{t('businessHours.type')}</Table.Th>
            <Table.Th>{t('businessHours.ranges')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day, index) => (
            <Table.Tr key={day.day}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t(`weekdays.${day.day}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <SegmentedControl
                  size="xs"
                  data={[
                    { value: 'O', label: t('businessHours.open') },
                    { value: 'C', label: t('businessHours.closed') },
                    { value: 'H', label: t('businessHours.hours') },
                  ]}
                  {...input(index, 'type')}
                />
              </Table.Td>
              <Table.Td>
                {day.type === 'H' ? (
                  <Stack gap={4}>
                    <Group gap={6} wrap="nowrap">
                      {timeFields.map((field, position) => (
                        <Group key={field} gap={6} wrap="nowrap">
                          {position === 2 && (
                            <Text size="xs" c="dimmed">
                              {t('businessHours.and')}
                            </Text>
                          )}
                          <TextInput
                            type="time"
                            size="xs"
                            w={96}
                            aria-label={`${t(`weekdays.${day.day}`)} ${t(`businessHours.${field}`)}`}
                            {...input(index, field)}
                            value={(day[field] as string | undefined) ?? ''}
                            onChange={(event) =>
                              form.setFieldValue(
                                `businessHours.${index}.${field}`,
                                event.currentTarget.value || undefined,
                              )
                            }
                          />
                        </Group>
                      ))}
                    </Group>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {day.type === 'O' ? t('businessHours.allDay') : t('businessHours.noAccess')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
