import { ActionIcon, Center, Group, Pagination, Table, type TableTdProps, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState, TableSkeletonRows } from './data-states';

export type TListColumn<T> = {
  key: string;
  /** The header; none for an actions column. */
  label?: ReactNode;
  width?: number;
  /** Extra props of each cell (`maw`, `miw`...). */
  cell?: TableTdProps;
  render: (item: T) => ReactNode;
};

type TListTableProps<T> = {
  columns: readonly TListColumn<T>[];
  rows: readonly T[];
  /** Each row's React key (default: its `id`). */
  rowKey?: (item: T) => Key;
  /** Skeleton rows while the first page loads. */
  loading: boolean;
  minWidth: number;
  striped?: boolean;
  /** Test ids `<name>-table`, `<name>-row` and `<name>-pagination`. */
  name: string;
};

const keyOf = (item: unknown): Key => (item as { id: Key }).id;

/** A list's table: headers, skeleton rows while loading, one row per item, cells drawn by the columns. */
export const ListTable = <T,>({
  columns,
  rows,
  rowKey = keyOf,
  loading,
  minWidth,
  striped = false,
  name,
}: TListTableProps<T>) => (
  <Table.ScrollContainer minWidth={minWidth}>
    <Table striped={striped} highlightOnHover verticalSpacing="sm" data-testid={`${name}-table`}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} w={column.width}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading && <TableSkeletonRows columns={columns.length} />}
        {rows.map((item) => (
          <Table.Tr key={rowKey(item)} data-testid={`${name}-row`}>
            {columns.map((column) => (
              <Table.Td key={column.key} {...column.cell}>
                {column.render(item)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** Page links under a list; nothing when everything fits on one page. */
export const PaginationFooter = ({
  page,
  pages,
  onChange,
  'data-testid': testId,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  'data-testid'?: string;
}) =>
  pages > 1 ? (
    <Center mt="md">
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onChange} data-testid={testId} />
    </Center>
  ) : null;

/** How many pages `count` items fill (at least one). */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

/** The items of `page` (1-based, clamped to the last page) of a list held whole in memory. */
export const pageOf = <T,>(items: readonly T[], page: number, pageSize: number): T[] => {
  const current = Math.min(page, pageCount(items.length, pageSize));
  return items.slice((current - 1) * pageSize, current * pageSize);
};

type TListQuery = {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type TEmpty = { title: string; description?: string };

type TPaging = { page: number; pages: number; onChange: (page: number) => void };

/**
 * A page of a list the server pages and filters: the error with a retry instead of the table, skeleton rows
 * while loading, the empty state under the headers (`<texts>.empty` and `.emptyHint`, or `.emptyFiltered` when
 * filters hide everything), and the page links.
 */
export const PagedListTable = <T,>({
  query,
  texts,
  isFiltered = false,
  paging,
  striped = true,
  ...table
}: Omit<TListTableProps<T>, 'loading'> & {
  query: TListQuery & { isSuccess: boolean; isLoading: boolean };
  /** i18n prefix of the empty state's texts (default: `name`). */
  texts?: string;
  isFiltered?: boolean;
  /** Page links; none for a list the server gives whole. */
  paging?: TPaging;
}) => {
  const { t } = useTranslation();
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <ListTable {...table} striped={striped} loading={query.isLoading} />
      {query.isSuccess && table.rows.length === 0 && (
        <EmptyList
          title={t(`${texts ?? table.name}.${isFiltered ? 'emptyFiltered' : 'empty'}`)}
          description={isFiltered ? undefined : t(`${texts ?? table.name}.emptyHint`)}
        />
      )}
      {paging && <PaginationFooter {...paging} data-testid={`${table.name}-pagination`} />}
    </>
  );
};

/**
 * A list loaded whole and filtered on the page (a tenant's few texts or variables): the error with a retry, the
 * empty state when there is nothing at all, the table while loading or with matches, "no match" when the filter
 * hides everything, and optional page links.
 */
export const FilteredListTable = <T,>({
  query,
  total,
  empty,
  noMatch,
  paging,
  ...table
}: Omit<TListTableProps<T>, 'loading'> & {
  query: TListQuery & { isPending: boolean };
  /** How many items the server gave (before the filter); undefined while loading or after an error. */
  total: number | undefined;
  empty: TEmpty;
  noMatch: string;
  paging?: TPaging;
}) => (
  <>
    {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
    {total === 0 && <EmptyList title={empty.title} description={empty.description} />}
    {(query.isPending || table.rows.length > 0) && <ListTable {...table} loading={query.isPending} />}
    {total !== undefined && total > 0 && table.rows.length === 0 && (
      <Text c="dimmed" size="sm">
        {noMatch}
      </Text>
    )}
    {paging && <PaginationFooter {...paging} />}
  </>
);

type TRowActionsProps = {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Test ids `<prefix>-edit` and `<prefix>-delete`. */
  testIdPrefix?: string;
  /** False hides edit and delete (the user may only read); `children` stay. */
  canManage?: boolean;
  /** Actions shown before edit and delete. */
  children?: ReactNode;
};

/** The edit and delete buttons at the end of a row. */
export const RowActions = ({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  testIdPrefix,
  canManage = true,
  children,
}: TRowActionsProps) => (
  <Group gap={4} justify="flex-end" wrap="nowrap">
    {children}
    {canManage && (
      <>
        <ActionIcon
          variant="subtle"
          aria-label={editLabel}
          onClick={onEdit}
          data-testid={testIdPrefix && `${testIdPrefix}-edit`}
        >
          <IconPencil size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="negative"
          aria-label={deleteLabel}
          onClick={onDelete}
          data-testid={testIdPrefix && `${testIdPrefix}-delete`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </>
    )}
  </Group>
);
