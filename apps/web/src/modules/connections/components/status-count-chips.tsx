import { Chip, Group } from '@mantine/core';
import { connectionStatuses, type TConnectionStatus, type TConnectionStatusCounts } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { statusColor } from './connection-card';

const allValue = 'all';

/**
 * The status filter of `/sessoestenants`, each choice with how many connections are in it: one radio group
 * (arrow keys move between the chips).
 */
export const StatusCountChips = ({
  counts,
  value,
  onChange,
}: {
  counts: TConnectionStatusCounts | undefined;
  value: TConnectionStatus | null;
  onChange: (status: TConnectionStatus | null) => void;
}) => {
  const { t } = useTranslation();
  const total = counts ? connectionStatuses.reduce((sum, status) => sum + counts[status], 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} · ${n}`);
  return (
    <Chip.Group
      multiple={false}
      value={value ?? allValue}
      onChange={(next) => onChange(next === allValue ? null : (next as TConnectionStatus))}
    >
      <Group gap="xs" role="radiogroup" aria-label={t('connections.platform.statusFilter')}>
        <Chip value={allValue} variant="outline" wrapperProps={{ 'data-testid': 'status-chip-all' }}>
          {label(t('connections.platform.allStatuses'), total)}
        </Chip>
        {connectionStatuses.map((status) => (
          <Chip
            key={status}
            value={status}
            color={statusColor(status)}
            variant="light"
            wrapperProps={{ 'data-testid': `status-chip-${status}` }}
          >
            {label(t(`connections.statuses.${status}`), counts?.[status])}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
};
