import { Anchor, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { TICKET_NOTES_PAGE_SIZE, type TTicketNoteListItem } from '@prosa/contracts';
import { IconFilterOff, IconNotes } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListTable, pageCount, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { useTransferUsers } from '../../attendance/api/lookups-api';
import { useOpenTicket } from '../../attendance/api/use-open-ticket';
import { formatDateTime } from '../../attendance/components/format-time';
import { emptyNoteFilters, type TNoteFilters, useNotesList } from '../api/notes-api';

/** `/notas`: the internal notes of every ticket the user may see, newest first; a row opens its conversation. */
export const NotesPage = () => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TNoteFilters>(emptyNoteFilters);
  const [page, setPage] = useState(1);
  const list = useNotesList(filters, page);
  const users = useTransferUsers(true);
  const openTicket = useOpenTicket();
  const rows = list.data?.notes ?? [];
  const count = list.data?.count ?? 0;
  const pages = pageCount(count, TICKET_NOTES_PAGE_SIZE);
  const isFiltered = Object.values(filters).some(Boolean);
  const set = (patch: Partial<TNoteFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };

  const columns: TListColumn<TTicketNoteListItem>[] = [
    {
      key: 'note',
      label: t('notes.columns.note'),
      cell: { maw: 420 },
      render: (row) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {row.notes}
        </Text>
      ),
    },
    {
      key: 'ticket',
      label: t('notes.columns.ticket'),
      render: (row) => (
        <>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void openTicket(row.ticketId)}
            aria-label={t('notes.openTicket', { name: row.contactName })}
            data-testid="notes-open-ticket"
          >
            {row.contactName}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.protocol ?? `#${row.ticketId}`}
          </Text>
        </>
      ),
    },
    {
      key: 'author',
      label: t('notes.columns.author'),
      render: (row) => (
        <Text size="sm" c={row.username ? undefined : 'dimmed'}>
          {row.username ?? t('notes.removedUser')}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      label: t('notes.columns.createdAt'),
      render: (row) => <Text size="sm">{formatDateTime(row.createdAt)}</Text>,
    },
  ];

  return (
    <>
      <PageHeader title={t('screens.notas')} icon={IconNotes} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap" data-testid="notes-filters">
          <SearchInput
            onSearch={(searchParam) => set({ searchParam })}
            placeholder={t('notes.search')}
            data-testid="notes-search"
          />
          <TextInput
            type="date"
            label={t('notes.dateStart')}
            value={filters.dateStart}
            max={filters.dateEnd || undefined}
            onChange={(event) => set({ dateStart: event.currentTarget.value })}
            data-testid="notes-date-start"
          />
          <TextInput
            type="date"
            label={t('notes.dateEnd')}
            value={filters.dateEnd}
            min={filters.dateStart || undefined}
            onChange={(event) => set({ dateEnd: event.currentTarget.value })}
            data-testid="notes-date-end"
          />
          <Select
            label={t('notes.author')}
            placeholder={t('notes.anyAuthor')}
            data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
            value={filters.userId}
            onChange={(userId) => set({ userId })}
            clearable
            searchable
            data-testid="notes-author"
          />
          {isFiltered && filters.searchParam === '' && (
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => set(emptyNoteFilters)}>
              {t('notes.clear')}
            </Button>
          )}
          {list.isSuccess && (
            <Text size="sm" c="dimmed" ml="auto" data-testid="notes-count">
              {t('notes.count', { count })}
            </Text>
          )}
        </Group>
        <PagedListTable
          query={list}
          isFiltered={isFiltered}
          paging={{ page, pages, onChange: setPage }}
          columns={columns}
          rows={rows}
          minWidth={760}
          name="notes"
        />
      </Paper>
    </>
  );
};
