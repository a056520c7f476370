import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { campaignStatuses, PAGE_SIZE, type TCampaign, type TCampaignStatus } from '@prosa/contracts';
import { IconAlertTriangle, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../app/access/can';
import { pathFor } from '../../../app/router/route-registry';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { EmptyList } from '../../../ui/data-states';
import { PagedListTable, pageCount, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { formatDateTime } from '../../attendance/components/format-time';
import { type TCampaignFilters, useCampaignList, useCampaignPush } from '../api/campaigns-api';
import { CampaignActions } from '../components/campaign-actions';
import { CampaignKindBadge, CampaignStatusBadge } from '../components/campaign-badges';
import { CampaignFormModal } from '../components/campaign-form-modal';
import { CampaignProgress } from '../components/campaign-progress';
import { describeReason } from '../components/describe-reason';

/**
 * `/campanhas`: the tenant's campaigns and mass sends with their status and live progress (asked again every
 * 3 s while one is sending), the actions their status allows, filters and pages.
 */
export const CampaignsPage = () => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const canManage = useCan('campaigns.manage');
  const [filters, setFilters] = useState<TCampaignFilters>({ status: null, search: '', page: 1 });
  const list = useCampaignList(filters);
  useCampaignPush();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TCampaign | null>(null);
  const campaigns = list.data?.campaigns ?? [];
  const isFiltered = filters.status !== null || filters.search !== '';

  const open = (campaign: TCampaign | null) => {
    setEditing(campaign);
    setFormOpen(true);
  };

  const columns: TListColumn<TCampaign>[] = [
    {
      key: 'name',
      label: t('campaigns.name'),
      cell: { miw: 180 },
      render: (campaign) => (
        <Stack gap={4}>
          <Anchor component={Link} to={pathFor('contatos-campanha', { campanhaId: campaign.id })} fw={600} size="sm">
            {campaign.name}
          </Anchor>
          <Group gap={4}>
            <CampaignKindBadge kind={campaign.kind} />
          </Group>
          {campaign.status === 'paused' && campaign.pauseReason && (
            <Alert
              color="warning"
              variant="light"
              p={6}
              icon={<IconAlertTriangle size={14} />}
              data-testid="campaign-pause-reason"
            >
              <Text size="xs">{t('campaigns.pausedBy', { reason: describeReason(campaign.pauseReason) })}</Text>
            </Alert>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('campaigns.statusLabel'),
      width: 140,
      render: (campaign) => <CampaignStatusBadge status={campaign.status} />,
    },
    {
      key: 'connection',
      label: t('campaigns.connection'),
      width: 150,
      render: (campaign) => campaign.connection?.name ?? t('campaigns.noConnection'),
    },
    {
      key: 'start',
      label: t('campaigns.start'),
      width: 140,
      render: (campaign) => {
        const at = campaign.startedAt ?? campaign.startAt;
        return at ? formatDateTime(at) : t('campaigns.whenStarted');
      },
    },
    {
      key: 'progress',
      label: t('campaigns.progress'),
      cell: { miw: 240 },
      render: (campaign) => <CampaignProgress counts={campaign.counts} compact />,
    },
    {
      key: 'actions',
      width: 190,
      render: (campaign) =>
        canManage ? <CampaignActions campaign={campaign} variant="icons" onEdit={() => open(campaign)} /> : null,
    },
  ];

  const addButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="campaign-add">
      {t('campaigns.add')}
    </Button>
  );

  return (
    <Stack>
      <PageHeader title={t('campaigns.title')} icon={IconSpeakerphone} actions={addButton} />
      <Group gap="sm" wrap="wrap">
        <SearchInput
          placeholder={t('campaigns.searchPlaceholder')}
          onSearch={(search) => setFilters((current) => ({ ...current, search, page: 1 }))}
          data-testid="campaign-search"
        />
        <Select
          aria-label={t('campaigns.statusLabel')}
          placeholder={t('campaigns.allStatuses')}
          clearable
          data={campaignStatuses.map((status) => ({ value: status, label: t(`campaigns.status.${status}`) }))}
          value={filters.status}
          onChange={(status) =>
            setFilters((current) => ({ ...current, status: status as TCampaignStatus | null, page: 1 }))
          }
          w={{ base: '100%', sm: 200 }}
          data-testid="campaign-status-filter"
        />
      </Group>
      {list.isSuccess && !isFiltered && list.data.count === 0 ? (
        <EmptyList
          title={t('campaigns.empty')}
          description={t('campaigns.emptyHint')}
          action={addButton || undefined}
        />
      ) : (
        <PagedListTable
          query={list}
          texts="campaigns"
          isFiltered={isFiltered}
          columns={columns}
          rows={campaigns}
          minWidth={960}
          name="campaign"
          paging={{
            page: filters.page,
            pages: pageCount(list.data?.count ?? 0, PAGE_SIZE),
            onChange: (page) => setFilters((current) => ({ ...current, page })),
          }}
        />
      )}
      <CampaignFormModal
        opened={formOpen}
        campaign={editing}
        onClose={() => setFormOpen(false)}
        onCreated={(campaign) => navigate('contatos-campanha', { campanhaId: campaign.id })}
      />
    </Stack>
  );
};
