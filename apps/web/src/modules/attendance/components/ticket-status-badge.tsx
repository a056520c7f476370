import { Badge } from '@mantine/core';
import type { TTicketStatus } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

const statusColor: Record<TTicketStatus, string> = { open: 'positive', pending: 'warning', closed: 'gray' };

export const TicketStatusBadge = ({ status, paused }: { status: TTicketStatus; paused?: boolean }) => {
  const { t } = useTranslation();
  if (paused && status !== 'closed') {
    return (
      <Badge size="sm" variant="light" color="secondary" data-testid="ticket-status">
        {t('attendance.status.paused')}
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color={statusColor[status]} data-testid="ticket-status">
      {t(`attendance.status.${status}`)}
    </Badge>
  );
};
