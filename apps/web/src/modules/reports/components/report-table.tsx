import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { TReportColumn, TReportRow } from '@prosa/contracts';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableSkeletonRows } from '../../../ui/data-states';
import { intlLocale } from '../../attendance/components/format-time';
import { translateValue } from './cell-values';
import { formatCell, isNumericColumn } from './format-cell';

type TSort = { by: string; dir: 'asc' | 'desc' };

type TReportTableProps = {
  columns: readonly TReportColumn[];
  rows: readonly TReportRow[];
  sort: TSort;
  onSort: (column: string) => void;
  loading: boolean;
  /** The column whose value is a ticket id, linked to its transcript (atendimentos-por-parametros). */
  ticketColumn?: string;
};

/** A column's header: `reports.columns.<key>`, or the API's pt-BR label when the web has none. */
export const useColumnLabel = () => {
  const { t, i18n } = useTranslation();
  return (column: TReportColumn) =>
    i18n.exists(`reports.columns.${column.key}`) ? t(`reports.columns.${column.key}`) : column.label;
};

const noShrink = { flexShrink: 0 };

/** Headers up to this many characters stay on one line; longer ones wrap to about two. */
const LONG_LABEL = 20;

const SortIcon = ({ dir }: { dir: 'asc' | 'desc' | null }) => {
  if (dir === 'asc') return <IconArrowUp size={14} aria-hidden style={noShrink} />;
  if (dir === 'desc') return <IconArrowDown size={14} aria-hidden style={noShrink} />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} style={noShrink} />;
};

const Cell = ({
  column,
  value,
  ticketColumn,
}: {
  column: TReportColumn;
  value: TReportRow[string];
  ticketColumn?: string;
}) => {
  const { t, i18n } = useTranslation();
  const formatted = formatCell(column.type, value, intlLocale());
  const text =
    column.type === 'text' && typeof value === 'string'
      ? translateValue(column.key, value, t, (key) => i18n.exists(key))
      : formatted;
  if (column.key === ticketColumn && value !== null && value !== undefined && value !== '')
    return (
      <Anchor
        component={Link}
        to={`/atendimento/${value}`}
        size="sm"
        fw={500}
        aria-label={t('reports.openTicket', { id: value })}
        data-testid="report-ticket-link"
      >
        {/* An id, not an amount: no thousands separator. */}
        {String(value)}
      </Anchor>
    );
  if (column.type === 'rating' && typeof value === 'number')
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-hidden />
        <Text size="sm">{text}</Text>
      </Group>
    );
  // Cells keep to one line (the table scrolls sideways); headers may wrap.
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
};

/** The report's rows under sortable headers (click or Enter; `aria-sort` tells the current order). */
export const ReportTable = ({ columns, rows, sort, onSort, loading, ticketColumn }: TReportTableProps) => {
  const { t } = useTranslation();
  const labelOf = useColumnLabel();
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const label = labelOf(column);
              const dir = sort.by === column.key ? sort.dir : null;
              const align = isNumericColumn(column.type) ? 'right' : 'left';
              return (
                <Table.Th
                  key={column.key}
                  ta={align}
                  miw={label.length > LONG_LABEL ? 170 : undefined}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                  data-testid={`report-header-${column.key}`}
                >
                  {column.sortable ? (
                    <UnstyledButton
                      w={align === 'right' ? '100%' : undefined}
                      onClick={() => onSort(column.key)}
                      aria-label={t('reports.sortBy', { column: label })}
                      data-testid={`report-sort-${column.key}`}
                    >
                      <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
                        <Text
                          size="sm"
                          fw={700}
                          ta={align}
                          style={label.length > LONG_LABEL ? undefined : { whiteSpace: 'nowrap' }}
                        >
                          {label}
                        </Text>
                        <SortIcon dir={dir} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && <TableSkeletonRows columns={columns.length} />}
          {!loading &&
            rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: report rows are ordered results without an id of their own
              <Table.Tr key={index} data-testid="report-row">
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={isNumericColumn(column.type) ? 'right' : 'left'}>
                    <Cell column={column} value={row[column.key] ?? null} ticketColumn={ticketColumn} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
