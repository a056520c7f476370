import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantOptions } from '../../tenants/api/tenants-api';

type TTenantSelectProps = {
  label?: string;
  placeholder?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  clearable?: boolean;
};

/** Superadmin's tenant picker, searching on the server (first 40 matches). */
export const TenantSelect = ({
  label,
  placeholder,
  value,
  onChange,
  error,
  disabled,
  withAsterisk,
  clearable,
}: TTenantSelectProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useTenantOptions(debounced);
  const data = (options.data?.tenants ?? []).map((tenant) => ({ value: String(tenant.id), label: tenant.name }));
  // Keep the current value selectable even when the search does not list it.
  if (value && !data.some((item) => item.value === value)) data.unshift({ value, label: `#${value}` });
  return (
    <Select
      label={label}
      placeholder={placeholder ?? t('users.tenantPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={clearable}
      disabled={disabled}
      withAsterisk={withAsterisk}
      error={error}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('common.nothingFound')}
      filter={({ options: items }) => items}
      data-testid="tenant-select"
    />
  );
};
