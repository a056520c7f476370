import { Badge, type MantineColor } from '@mantine/core';
import type { TCampaignContactState, TCampaignKind, TCampaignStatus } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

const statusColors: Record<TCampaignStatus, MantineColor> = {
  pending: 'gray',
  scheduled: 'secondary',
  processing: 'primary',
  paused: 'warning',
  finished: 'positive',
  canceled: 'negative',
};

export const stateColors: Record<TCampaignContactState, MantineColor> = {
  pending: 'gray',
  queued: 'secondary',
  sent: 'primary',
  delivered: 'accent',
  read: 'positive',
  failed: 'negative',
  skipped: 'gray',
};

export const CampaignStatusBadge = ({ status }: { status: TCampaignStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColors[status]} data-testid="campaign-status">
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
};

export const CampaignKindBadge = ({ kind }: { kind: TCampaignKind }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={kind === 'campaign' ? 'primary' : 'secondary'} data-testid="campaign-kind">
      {t(`campaigns.kinds.${kind}`)}
    </Badge>
  );
};

export const ContactStateBadge = ({ state }: { state: TCampaignContactState }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={stateColors[state]} data-testid="campaign-contact-state">
      {t(`campaigns.states.${state}`)}
    </Badge>
  );
};
