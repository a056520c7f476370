import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { scheduleStatuses } from '@prosa/contracts';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransferUsers } from '../../attendance/api/lookups-api';
import { useConnections } from '../../connections/api/connections-api';
import { emptyScheduleFilters, type TScheduleFilterValues, useContactOptions } from '../api/schedules-api';

/** Period, state, contact, connection and creator of the schedules listed. */
export const ScheduleFilters = ({
  filters,
  onChange,
}: {
  filters: TScheduleFilterValues;
  onChange: (patch: Partial<TScheduleFilterValues>) => void;
}) => {
  const { t } = useTranslation();
  const users = useTransferUsers(true);
  const connections = useConnections();
  const [contactSearch, setContactSearch] = useState('');
  const [search] = useDebouncedValue(contactSearch, 300);
  const contacts = useContactOptions(search);
  const [contactLabel, setContactLabel] = useState<string | null>(null);
  const contactData = (contacts.data ?? []).map((contact) => ({
    value: String(contact.id),
    label: contact.number ? `${contact.name} (${contact.number})` : contact.name,
  }));
  if (filters.contactId && contactLabel && !contactData.some((item) => item.value === filters.contactId))
    contactData.unshift({ value: filters.contactId, label: contactLabel });
  const isFiltered = JSON.stringify(filters) !== JSON.stringify(emptyScheduleFilters);

  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap" data-testid="schedules-filters">
      <Select
        label={t('schedules.filters.status')}
        placeholder={t('schedules.filters.anyStatus')}
        data={scheduleStatuses.map((status) => ({ value: status, label: t(`schedules.status.${status}`) }))}
        value={filters.status}
        onChange={(status) => onChange({ status: status as TScheduleFilterValues['status'] })}
        clearable
        w={150}
        data-testid="schedules-status"
      />
      <TextInput
        type="date"
        label={t('schedules.filters.dateStart')}
        value={filters.dateStart}
        max={filters.dateEnd || undefined}
        onChange={(event) => onChange({ dateStart: event.currentTarget.value })}
        data-testid="schedules-date-start"
      />
      <TextInput
        type="date"
        label={t('schedules.filters.dateEnd')}
        value={filters.dateEnd}
        min={filters.dateStart || undefined}
        onChange={(event) => onChange({ dateEnd: event.currentTarget.value })}
        data-testid="schedules-date-end"
      />
      <Select
        label={t('schedules.filters.contact')}
        placeholder={t('schedules.filters.anyContact')}
        data={contactData}
        value={filters.contactId}
        searchable
        searchValue={contactSearch}
        onSearchChange={setContactSearch}
        filter={({ options }) => options}
        onChange={(contactId, option) => {
          setContactLabel(option?.label ?? null);
          onChange({ contactId });
        }}
        clearable
        data-testid="schedules-contact"
      />
      <Select
        label={t('schedules.filters.connection')}
        placeholder={t('schedules.filters.anyConnection')}
        data={(connections.data ?? []).map((connection) => ({ value: String(connection.id), label: connection.name }))}
        value={filters.whatsappId}
        onChange={(whatsappId) => onChange({ whatsappId })}
        clearable
        data-testid="schedules-connection"
      />
      <Select
        label={t('schedules.filters.creator')}
        placeholder={t('schedules.filters.anyCreator')}
        data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
        value={filters.userId}
        onChange={(userId) => onChange({ userId })}
        clearable
        searchable
        data-testid="schedules-creator"
      />
      {isFiltered && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => {
            setContactSearch('');
            onChange(emptyScheduleFilters);
          }}
        >
          {t('schedules.filters.clear')}
        </Button>
      )}
    </Group>
  );
};
