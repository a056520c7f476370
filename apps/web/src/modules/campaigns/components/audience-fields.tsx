import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TCampaignAudience } from '@prosa/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KanbanLanesInput } from '../../../ui/kanban-lanes-input';
import { useTagOptions, useWalletUserOptions } from '../../contacts/api/contacts-api';
import { useContactSearch } from '../api/campaign-contacts-api';

/** The audience as the selects hold it: ids as strings, and the chosen contacts' labels. */
export type TAudienceValue = {
  tagIds: string[];
  walletUserIds: string[];
  /** Kanban lanes by number: the contacts with a ticket in one of them. */
  kanbanIds: string[];
  contactIds: string[];
  /** Labels of the chosen contacts, which the current search may no longer list. */
  contactLabels: Record<string, string>;
};

export const emptyAudience = (): TAudienceValue => ({
  tagIds: [],
  walletUserIds: [],
  kanbanIds: [],
  contactIds: [],
  contactLabels: {},
});

export const isAudienceEmpty = (value: TAudienceValue): boolean =>
  value.tagIds.length + value.walletUserIds.length + value.kanbanIds.length + value.contactIds.length === 0;

export const audienceToBody = (value: TAudienceValue): TCampaignAudience => ({
  tagIds: value.tagIds.map(Number),
  walletUserIds: value.walletUserIds.map(Number),
  kanbanIds: value.kanbanIds.map(Number),
  contactIds: value.contactIds.map(Number),
});

type TAudienceFieldsProps = {
  value: TAudienceValue;
  onChange: (next: TAudienceValue) => void;
  error?: string;
};

/**
 * Tags, wallet owners, kanban lanes and contacts searched by name or number; the server joins them, each
 * contact once.
 */
export const AudienceFields = ({ value, onChange, error }: TAudienceFieldsProps) => {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const wallets = useWalletUserOptions(true);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useContactSearch(debounced);

  const contactOptions = useMemo(() => {
    const options = new Map(Object.entries(value.contactLabels));
    for (const contact of found.data ?? [])
      options.set(String(contact.id), contact.number ? `${contact.name} (${contact.number})` : contact.name);
    return [...options].map(([id, label]) => ({ value: id, label }));
  }, [found.data, value.contactLabels]);

  const chooseContacts = (ids: string[]) => {
    const labels: Record<string, string> = {};
    for (const id of ids) labels[id] = contactOptions.find((option) => option.value === id)?.label ?? id;
    onChange({ ...value, contactIds: ids, contactLabels: labels });
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <MultiSelect
        label={t('campaigns.audience.tags')}
        data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.tag }))}
        value={value.tagIds}
        onChange={(tagIds) => onChange({ ...value, tagIds })}
        searchable
        clearable
        error={error}
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="audience-tags"
      />
      <MultiSelect
        label={t('campaigns.audience.wallets')}
        data={(wallets.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
        value={value.walletUserIds}
        onChange={(walletUserIds) => onChange({ ...value, walletUserIds })}
        searchable
        clearable
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="audience-wallets"
      />
      <KanbanLanesInput
        label={t('campaigns.audience.kanban')}
        placeholder={t('campaigns.audience.kanbanPlaceholder')}
        value={value.kanbanIds}
        onChange={(kanbanIds) => onChange({ ...value, kanbanIds })}
        data-testid="audience-kanban"
      />
      <MultiSelect
        label={t('campaigns.audience.contacts')}
        placeholder={t('campaigns.audience.contactsPlaceholder')}
        data={contactOptions}
        value={value.contactIds}
        onChange={chooseContacts}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        clearable
        nothingFoundMessage={search ? t('common.nothingFound') : undefined}
        data-testid="audience-contacts"
      />
    </SimpleGrid>
  );
};
