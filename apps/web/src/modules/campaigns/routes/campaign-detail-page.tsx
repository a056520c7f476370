import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TCampaign, TCampaignCounts, TCampaignStatus } from '@prosa/contracts';
import { IconAlertTriangle, IconArrowLeft, IconSpeakerphone } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../../app/access/can';
import { pathFor } from '../../../app/router/route-registry';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { formatDateTime } from '../../attendance/components/format-time';
import {
  campaignKeys,
  isCampaignId,
  isLive,
  useCampaign,
  useCampaignPush,
  useCampaignTimeline,
} from '../api/campaigns-api';
import { AudiencePanel } from '../components/audience-panel';
import { CampaignActions, canEdit } from '../components/campaign-actions';
import { CampaignKindBadge, CampaignStatusBadge } from '../components/campaign-badges';
import { CampaignCharts } from '../components/campaign-charts';
import { CampaignContactsTable } from '../components/campaign-contacts-table';
import { CampaignFormModal } from '../components/campaign-form-modal';
import { CampaignMedia } from '../components/campaign-media';
import { CampaignProgress } from '../components/campaign-progress';
import { describeReason } from '../components/describe-reason';

const countCards: (keyof TCampaignCounts)[] = ['total', 'sent', 'delivered', 'read', 'failed', 'replied'];

const CountCards = ({ counts }: { counts: TCampaignCounts }) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      {countCards.map((key) => (
        <Paper key={key} withBorder p="sm" radius="md" data-testid={`campaign-count-${key}`}>
          <Text size="xs" c="dimmed">
            {t(`campaigns.counts.${key}`)}
          </Text>
          <Text fz="h3" fw={700}>
            {counts[key]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};

/**
 * The contacts and the chart stop asking again once the campaign ends: when its status changes (it finished,
 * was paused or canceled), they are asked once more, so their last numbers match the counts.
 */
const useRefreshOnStatusChange = (id: number, status: TCampaignStatus | undefined) => {
  const client = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== undefined && status !== undefined && previous.current !== status) {
      void client.invalidateQueries({ queryKey: campaignKeys.contacts(id) });
      void client.invalidateQueries({ queryKey: campaignKeys.timeline(id) });
    }
    previous.current = status;
  }, [client, id, status]);
};

/** What the contacts receive: the message variants, or the template and its parameters. */
const Content = ({ campaign }: { campaign: TCampaign }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="campaign-content">
      <Stack gap="xs">
        {campaign.template ? (
          <Text size="sm">
            {t('campaigns.detail.template', {
              name: campaign.template.name,
              language: campaign.template.language,
              params: [...campaign.template.headerParams, ...campaign.template.bodyParams].join(', ') || '—',
            })}
          </Text>
        ) : (
          campaign.messages.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a variant is its position (Mensagem 1, 2, 3)
            <div key={index}>
              <Text size="xs" c="dimmed">
                {t('campaigns.form.variant', { n: index + 1 })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {message}
              </Text>
            </div>
          ))
        )}
      </Stack>
    </Paper>
  );
};

const Summary = ({ campaign }: { campaign: TCampaign }) => {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap">
      <CampaignStatusBadge status={campaign.status} />
      <CampaignKindBadge kind={campaign.kind} />
      <Text size="sm" c="dimmed">
        {campaign.connection?.name ?? t('campaigns.noConnection')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('campaigns.detail.window', {
          start: campaign.windowStart,
          end: campaign.windowEnd,
          delay: campaign.delaySeconds,
        })}
      </Text>
      {campaign.nextSendAt && (
        <Text size="sm" c="dimmed" data-testid="campaign-next-send">
          {t('campaigns.detail.nextSend', { at: formatDateTime(campaign.nextSendAt) })}
        </Text>
      )}
    </Group>
  );
};

/**
 * `/campanhas/:campanhaId`: one campaign's status, counts and progress (live while it sends), its actions,
 * charts of sends and replies over time, who gets it (add contacts or a CSV) and its contacts' states.
 */
export const CampaignDetailPage = () => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const id = Number(useParams().campanhaId);
  const canManage = useCan('campaigns.manage');
  const campaign = useCampaign(id);
  const live = campaign.data ? isLive(campaign.data.status) : false;
  const timeline = useCampaignTimeline(id, live);
  const [editing, setEditing] = useState(false);
  useRefreshOnStatusChange(id, campaign.data?.status);
  useCampaignPush();

  const back = (
    <Anchor component={Link} to={pathFor('campanhas')} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('campaigns.detail.back')}
      </Group>
    </Anchor>
  );

  if (!isCampaignId(id))
    return (
      <Stack>
        {back}
        <Alert color="warning" data-testid="campaign-not-found">
          {t('campaigns.detail.notFound')}
        </Alert>
      </Stack>
    );
  if (campaign.isError)
    return (
      <Stack>
        {back}
        <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} />
      </Stack>
    );
  if (!campaign.data)
    return (
      <Stack data-testid="campaign-loading">
        {back}
        <Skeleton height={36} width="40%" />
        <Skeleton height={80} />
        <Skeleton height={240} />
      </Stack>
    );

  const data = campaign.data;
  const ended = data.status === 'finished' || data.status === 'canceled';
  return (
    <Stack data-testid="campaign-detail">
      {back}
      <PageHeader
        title={data.name}
        icon={IconSpeakerphone}
        actions={
          canManage && (
            <CampaignActions
              campaign={data}
              variant="buttons"
              onEdit={() => setEditing(true)}
              onDeleted={() => navigate('campanhas')}
            />
          )
        }
      />
      <Summary campaign={data} />
      {data.status === 'paused' && data.pauseReason && (
        <Alert color="warning" icon={<IconAlertTriangle size={18} />} data-testid="campaign-pause-reason">
          {t('campaigns.pausedBy', { reason: describeReason(data.pauseReason) })}
        </Alert>
      )}
      <Content campaign={data} />
      <CountCards counts={data.counts} />
      <CampaignProgress counts={data.counts} />
      {/* Before it starts, choosing who gets it is the next step; afterwards the charts come first. */}
      {canManage && data.status === 'pending' && <AudiencePanel campaignId={data.id} />}
      <CampaignCharts timeline={timeline.data} />
      {canManage && !ended && data.status !== 'pending' && <AudiencePanel campaignId={data.id} />}
      {canManage && data.kind === 'campaign' && (canEdit(data.status) || data.mediaUrl) && (
        <CampaignMedia campaign={data} editable={canEdit(data.status)} />
      )}
      <CampaignContactsTable campaignId={data.id} live={live} canRemove={canManage && !ended} />
      <CampaignFormModal opened={editing} campaign={data} onClose={() => setEditing(false)} />
    </Stack>
  );
};
