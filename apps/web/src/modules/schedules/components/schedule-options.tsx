import { Stack, Switch } from '@mantine/core';
import type { TScheduleOptions } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

export const scheduleOptionKeys = ['cancelOnReply', 'openTicket', 'sign'] as const;

/** The three options a schedule stores (cancel on the customer's reply, open a ticket, sign). */
export const ScheduleOptionSwitches = ({
  value,
  onChange,
}: {
  value: TScheduleOptions;
  onChange: (value: TScheduleOptions) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {scheduleOptionKeys.map((key) => (
        <Switch
          key={key}
          label={t(`schedules.option.${key}`)}
          checked={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
          data-testid={`schedule-option-${key}`}
        />
      ))}
    </Stack>
  );
};
