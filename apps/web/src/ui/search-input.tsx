import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type TSearchInputProps = {
  onSearch: (value: string) => void;
  placeholder?: string;
  /** Starting text (e.g. a search kept by the screen). */
  initialValue?: string;
  /** Full width instead of the list toolbar's 280 px. */
  fullWidth?: boolean;
  'data-testid'?: string;
};

/** Search box for lists: waits 300 ms after typing stops. */
export const SearchInput = ({
  onSearch,
  placeholder,
  initialValue = '',
  fullWidth = false,
  'data-testid': testId,
}: TSearchInputProps) => {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  return (
    <TextInput
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      leftSection={<IconSearch size={16} />}
      placeholder={placeholder ?? t('common.search')}
      aria-label={placeholder ?? t('common.search')}
      type="search"
      w={fullWidth ? '100%' : { base: '100%', sm: 280 }}
      data-testid={testId}
    />
  );
};
