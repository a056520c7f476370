import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { campaignContactStates, PAGE_SIZE, type TCampaignContact, type TCampaignContactState } from '@prosa/contracts';
import { IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { PagedListTable, pageCount, type TListColumn } from '../../../ui/list-table';
import { SearchInput } from '../../../ui/search-input';
import { showApiError } from '../../../ui/server-errors';
import { formatDateTime } from '../../attendance/components/format-time';
import {
  type TCampaignContactFilters,
  useCampaignContacts,
  useRemoveCampaignContact,
  useRemovePendingContacts,
} from '../api/campaign-contacts-api';
import { ContactStateBadge } from './campaign-badges';
import { describeReason } from './describe-reason';

type TCampaignContactsTableProps = {
  campaignId: number;
  /** Asked again every 3 s while the campaign sends. */
  live: boolean;
  /** Removing contacts is allowed (the user may manage, the campaign has not ended). */
  canRemove: boolean;
};

/** The campaign's contacts with their state, variant, failure and times; filters, pages, removal of pending ones. */
export const CampaignContactsTable = ({ campaignId, live, canRemove }: TCampaignContactsTableProps) => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TCampaignContactFilters>({ state: null, replied: null, search: '', page: 1 });
  const list = useCampaignContacts(campaignId, filters, live);
  const removeOne = useRemoveCampaignContact();
  const removePending = useRemovePendingContacts();
  const [confirmAll, setConfirmAll] = useState(false);
  const isFiltered = filters.state !== null || filters.replied !== null || filters.search !== '';
  const set = (patch: Partial<TCampaignContactFilters>) => setFilters((current) => ({ ...current, ...patch, page: 1 }));

  const times = (row: TCampaignContact) =>
    (
      [
        ['sentAt', row.sentAt],
        ['deliveredAt', row.deliveredAt],
        ['readAt', row.readAt],
        ['repliedAt', row.repliedAt],
      ] as const
    )
      .filter(([, at]) => at)
      .map(([key, at]) => (
        <Text key={key} size="xs">
          {t(`campaigns.detail.${key}`, { at: formatDateTime(at) })}
        </Text>
      ));

  const columns: TListColumn<TCampaignContact>[] = [
    {
      key: 'contact',
      label: t('campaigns.detail.contact'),
      render: (row) => (
        <>
          <Text size="sm">{row.contact.name}</Text>
          {row.contact.number && (
            <Text size="xs" c="dimmed">
              {row.contact.number}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'state',
      label: t('campaigns.detail.state'),
      width: 150,
      render: (row) => <ContactStateBadge state={row.state} />,
    },
    {
      key: 'variant',
      label: t('campaigns.detail.variant'),
      width: 90,
      // The text as it went, variables filled, on hover.
      render: (row) => (
        <Text size="sm" title={row.body ?? undefined}>
          {row.variant ?? '—'}
        </Text>
      ),
    },
    {
      key: 'failure',
      label: t('campaigns.detail.failure'),
      cell: { maw: 240 },
      render: (row) =>
        row.failureReason ? (
          <Text size="xs" c="negative" lineClamp={2} title={row.failureReason}>
            {describeReason(row.failureReason)}
          </Text>
        ) : null,
    },
    {
      key: 'times',
      label: t('campaigns.detail.times'),
      width: 200,
      render: (row) => <Stack gap={0}>{times(row)}</Stack>,
    },
    {
      key: 'actions',
      width: 50,
      render: (row) =>
        canRemove && row.state === 'pending' ? (
          <Tooltip label={t('campaigns.detail.removeContact')} withArrow>
            <ActionIcon
              variant="subtle"
              color="negative"
              aria-label={t('campaigns.detail.removeContact')}
              loading={removeOne.isPending && removeOne.variables?.contactId === row.contact.id}
              onClick={() =>
                removeOne.mutate(
                  { id: campaignId, contactId: row.contact.id },
                  {
                    onSuccess: () => notifySuccess(t('campaigns.detail.removedContact')),
                    onError: (error) => showApiError(error),
                  },
                )
              }
              data-testid="campaign-contact-remove"
            >
              <IconUserMinus size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('campaigns.detail.contacts')}
          </Title>
          {canRemove && (
            <Button
              variant="light"
              color="negative"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirmAll(true)}
              data-testid="campaign-remove-pending"
            >
              {t('campaigns.detail.removePending')}
            </Button>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          <SearchInput onSearch={(search) => set({ search })} data-testid="campaign-contact-search" />
          <Select
            aria-label={t('campaigns.detail.state')}
            placeholder={t('campaigns.detail.allStates')}
            clearable
            data={campaignContactStates.map((state) => ({ value: state, label: t(`campaigns.states.${state}`) }))}
            value={filters.state}
            onChange={(state) => set({ state: state as TCampaignContactState | null })}
            w={{ base: '100%', sm: 180 }}
            data-testid="campaign-contact-state-filter"
          />
          <Select
            aria-label={t('campaigns.detail.replied')}
            placeholder={t('campaigns.detail.replied')}
            clearable
            data={[
              { value: 'true', label: t('campaigns.detail.repliedYes') },
              { value: 'false', label: t('campaigns.detail.repliedNo') },
            ]}
            value={filters.replied}
            onChange={(replied) => set({ replied: replied as 'true' | 'false' | null })}
            w={{ base: '100%', sm: 180 }}
            data-testid="campaign-contact-replied-filter"
          />
        </Group>
        <PagedListTable
          query={list}
          texts="campaigns.contactsList"
          isFiltered={isFiltered}
          columns={columns}
          rows={list.data?.contacts ?? []}
          minWidth={760}
          name="campaign-contact"
          paging={{
            page: filters.page,
            pages: pageCount(list.data?.count ?? 0, PAGE_SIZE),
            onChange: (page) => setFilters((current) => ({ ...current, page })),
          }}
        />
      </Stack>
      <ConfirmDeleteModal
        opened={confirmAll}
        title={t('campaigns.detail.removePendingTitle')}
        message={t('campaigns.detail.removePendingMessage')}
        confirmLabel={t('campaigns.detail.removePendingConfirm')}
        loading={removePending.isPending}
        onClose={() => setConfirmAll(false)}
        onConfirm={() =>
          removePending.mutate(campaignId, {
            onSuccess: () => {
              notifySuccess(t('campaigns.detail.removedPending'));
              setConfirmAll(false);
            },
            onError: (error) => showApiError(error),
          })
        }
      />
    </Paper>
  );
};
