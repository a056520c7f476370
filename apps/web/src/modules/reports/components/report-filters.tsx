import { Button, Group, MultiSelect, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { connectionTypes, reportFilters, type TReportFilter } from '@prosa/contracts';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KanbanLanesInput } from '../../../ui/kanban-lanes-input';
import { clearViewFilters, isViewFiltered, type TListFilterKey, type TReportView } from '../api/report-search';
import { type TOptionSource, useReportOptions } from '../api/reports-api';
import { PeriodFilter } from './period-filter';

/** The 27 Brazilian states (UF); `??` stands for numbers without a Brazilian area code. */
const states = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
];

/** Where each id filter takes its choices from. */
const sourceOf: Partial<Record<TListFilterKey, TOptionSource>> = {
  queueIds: 'queues',
  userIds: 'users',
  walletUserIds: 'users',
  tagIds: 'tags',
  connectionIds: 'connections',
  reasonIds: 'reasons',
};

type TOption = { value: string; label: string };

type TListFilterProps = {
  filter: TListFilterKey;
  value: string[];
  onChange: (value: string[]) => void;
};

const useFixedOptions = (filter: TListFilterKey): TOption[] | null => {
  const { t } = useTranslation();
  switch (filter) {
    case 'channels':
      return connectionTypes.map((type) => ({ value: type, label: t(`connections.types.${type}`) }));
    case 'statuses':
      return (['open', 'pending', 'closed'] as const).map((status) => ({
        value: status,
        label: t(`reports.filters.status.${status}`),
      }));
    case 'ratings':
      return [0, 1, 2, 3, 4, 5].map((score) => ({
        value: String(score),
        label: t('reports.filters.rating', { count: score }),
      }));
    case 'states':
      return [...states.map((uf) => ({ value: uf, label: uf })), { value: '??', label: t('reports.filters.noState') }];
    default:
      return null;
  }
};

/** A multi-select of one filter: fixed choices, or a pick list loaded from its endpoint. */
const ListFilter = ({ filter, value, onChange }: TListFilterProps) => {
  const { t } = useTranslation();
  const source = sourceOf[filter];
  const loaded = useReportOptions(source ?? 'queues', source !== undefined);
  const fixed = useFixedOptions(filter);
  const options: TOption[] =
    fixed ?? (loaded.data ?? []).map((option) => ({ value: String(option.id), label: option.name }));
  // A value from a shared link that the list does not hold still shows (as its id) so it can be removed.
  const known = new Set(options.map((option) => option.value));
  const data = [...options, ...value.filter((item) => !known.has(item)).map((item) => ({ value: item, label: item }))];
  return (
    <MultiSelect
      label={t(`reports.filters.${filter}`)}
      placeholder={value.length === 0 ? t('reports.filters.any') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={260}
      w={220}
      data-testid={`report-filter-${filter}`}
    />
  );
};

const KanbanFilter = ({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) => {
  const { t } = useTranslation();
  return (
    <KanbanLanesInput
      label={t('reports.filters.kanbanIds')}
      placeholder={t('reports.filters.kanbanPlaceholder')}
      value={value}
      onChange={onChange}
      w={220}
      data-testid="report-filter-kanbanIds"
    />
  );
};

/** The search box; the URL changes once typing pauses. */
const SearchFilter = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 400);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // A cleared or shared filter replaces the text; only the user's own typing is sent back.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (debounced.trim() !== latest.current.value.trim()) latest.current.onChange(debounced);
  }, [debounced]);
  return (
    <TextInput
      label={t('reports.filters.search')}
      placeholder={t('reports.filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w={240}
      data-testid="report-filter-search"
    />
  );
};

/** The period first and the search last, whatever order the meta lists them in. */
const ordered = (filters: readonly TReportFilter[]): TReportFilter[] =>
  reportFilters.filter((filter) => filters.includes(filter));

type TReportFiltersProps = {
  filters: readonly TReportFilter[];
  view: TReportView;
  onChange: (view: TReportView) => void;
};

/** Only the filters the report reads (GET /reports); every change goes back to page 1. */
export const ReportFilters = ({ filters, view, onChange }: TReportFiltersProps) => {
  const { t } = useTranslation();
  const change = (patch: Partial<TReportView>) => onChange({ ...view, ...patch, page: 1 });
  const setList = (key: TListFilterKey, value: string[]) => change({ lists: { ...view.lists, [key]: value } });
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="report-filters">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {ordered(filters).map((filter) => {
          switch (filter) {
            case 'period':
              return <PeriodFilter key={filter} from={view.from} to={view.to} onChange={(period) => change(period)} />;
            case 'kanbanIds':
              return (
                <KanbanFilter key={filter} value={view.lists.kanbanIds} onChange={(value) => setList(filter, value)} />
              );
            case 'search':
              return <SearchFilter key={filter} value={view.search} onChange={(search) => change({ search })} />;
            default:
              return (
                <ListFilter
                  key={filter}
                  filter={filter}
                  value={view.lists[filter]}
                  onChange={(value) => setList(filter, value)}
                />
              );
          }
        })}
        {isViewFiltered(view) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onChange(clearViewFilters(view))}
            data-testid="report-filters-clear"
          >
            {t('reports.filters.clear')}
          </Button>
        )}
      </Group>
    </Paper>
  );
};
