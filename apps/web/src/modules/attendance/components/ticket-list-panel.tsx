import { ActionIcon, Badge, Box, Center, Group, Loader, Skeleton, Stack, Tabs, Title, Tooltip } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import type { TTicket, TTicketStatus } from '@prosa/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useSessionStore } from '../../../app/session/session-store';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { SearchInput } from '../../../ui/search-input';
import { flattenTickets } from '../api/ticket-list-cache';
import { resetTicketList, useTicketList } from '../api/tickets-api';
import { useOpenTicket } from '../api/use-open-ticket';
import { toListParams } from '../store/attendance-filter';
import { useAttendanceStore } from '../store/attendance-store';
import { TicketFilter } from './ticket-filter';
import { TicketListItem } from './ticket-list-item';

const tabs: TTicketStatus[] = ['open', 'pending', 'closed'];

const rowId = (ticketId: number): string => `ticket-row-${ticketId}`;

type TListContext = { loadingMore: boolean };

const Footer = ({ context }: { context?: TListContext }) =>
  context?.loadingMore ? (
    <Center py="sm">
      <Loader size="sm" />
    </Center>
  ) : null;

const listComponents = { Footer };

/** Re-render every minute so the relative times stay true. */
const useNow = (): number => {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 60_000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once, the interval object is stable enough
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  return now;
};

/**
 * Left panel of the workspace: tabs Abertos / Pendentes / Fechados, search, the attendance filter and the
 * virtualised, infinitely loaded ticket list. ↑/↓ move through the list, Enter opens the ticket.
 */
export const TicketListPanel = ({ selectedTicketId }: { selectedTicketId: number | null }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useSessionStore((state) => state.profile);
  const { filter, tab, setTab, setFilter } = useAttendanceStore();
  const params = useMemo(() => toListParams(filter, tab, profile), [filter, tab, profile]);
  const pendingParams = useMemo(() => toListParams(filter, 'pending', profile), [filter, profile]);
  const list = useTicketList(params);
  const pending = useTicketList(pendingParams);
  const openTicket = useOpenTicket();
  const now = useNow();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const tickets = useMemo(() => flattenTickets(list.data?.pages ?? []), [list.data]);
  const pendingCount = pending.data?.pages[0]?.count ?? 0;
  const [activeIndex, setActiveIndex] = useState(-1);
  // The keyboard cursor is drawn only while the list has focus from the keyboard (not after a mouse click).
  const [keyboardActive, setKeyboardActive] = useState(false);

  // The keyboard cursor starts on the open ticket, and stays inside the list as it changes.
  useEffect(() => {
    const selected = tickets.findIndex((ticket) => ticket.id === selectedTicketId);
    setActiveIndex((current) => (selected >= 0 ? selected : Math.min(current, tickets.length - 1)));
  }, [tickets, selectedTicketId]);

  const onOpen = useCallback((ticketId: number) => void openTicket(ticketId), [openTicket]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (tickets.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setKeyboardActive(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = Math.min(tickets.length - 1, Math.max(0, activeIndex + step));
      setActiveIndex(next);
      virtuoso.current?.scrollIntoView({ index: next });
      if (next === tickets.length - 1 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      return;
    }
    if (event.key === 'Enter') {
      const ticket = tickets[activeIndex];
      if (ticket) {
        event.preventDefault();
        onOpen(ticket.id);
      }
    }
  };

  const activeTicket = tickets[activeIndex];
  const filtering = Boolean(params.searchParam) || params.withUnreadMessages || params.isNotAssignedUser;

  return (
    <Stack gap={0} h="100%" data-testid="ticket-list-panel">
      <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} fz="h4">
            {t('attendance.list.title')}
          </Title>
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t('attendance.list.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('attendance.list.refresh')}
                onClick={() => void resetTicketList(queryClient, params)}
                data-testid="ticket-list-refresh"
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            <TicketFilter />
          </Group>
        </Group>
        <SearchInput
          onSearch={(searchParam) => setFilter({ searchParam })}
          initialValue={filter.searchParam}
          placeholder={t('attendance.list.searchPlaceholder')}
          fullWidth
          data-testid="ticket-search"
        />
        <Tabs value={tab} onChange={(value) => value && setTab(value as TTicketStatus)} variant="pills" radius="md">
          <Tabs.List grow>
            {tabs.map((status) => (
              <Tabs.Tab
                key={status}
                value={status}
                data-testid={`ticket-tab-${status}`}
                rightSection={
                  status === 'pending' && pendingCount > 0 ? (
                    <Badge size="xs" circle={pendingCount < 10} color="warning" data-testid="pending-count">
                      {pendingCount > 99 ? '99+' : pendingCount}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`attendance.tabs.${status}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </Stack>
      <Box
        style={{ flex: 1, minHeight: 0, outline: 'none' }}
        tabIndex={0}
        role="listbox"
        aria-label={t('attendance.list.label')}
        aria-activedescendant={activeTicket ? rowId(activeTicket.id) : undefined}
        onKeyDown={onKeyDown}
        onMouseDown={() => setKeyboardActive(false)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardActive(false);
        }}
        data-testid="ticket-list"
      >
        {list.isError ? (
          <Box p="sm">
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          </Box>
        ) : list.isLoading ? (
          <Stack gap="sm" p="sm">
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <Group key={index} wrap="nowrap" data-testid="skeleton-row">
                <Skeleton circle height={38} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={12} width="60%" />
                  <Skeleton height={10} width="85%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : tickets.length === 0 ? (
          <EmptyList
            title={t(filtering ? 'attendance.list.emptyFiltered' : `attendance.list.empty.${tab}`)}
            description={filtering ? undefined : t(`conversation.emptyHint.${tab}`)}
          />
        ) : (
          <Virtuoso<TTicket, TListContext>
            ref={virtuoso}
            style={{ height: '100%' }}
            data={tickets}
            computeItemKey={(_, ticket) => ticket.id}
            endReached={() => {
              if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
            }}
            increaseViewportBy={200}
            context={{ loadingMore: list.isFetchingNextPage }}
            components={listComponents}
            itemContent={(index, ticket) => (
              <TicketListItem
                ticket={ticket}
                id={rowId(ticket.id)}
                selected={ticket.id === selectedTicketId}
                active={keyboardActive && index === activeIndex}
                now={now}
                onOpen={onOpen}
              />
            )}
          />
        )}
      </Box>
    </Stack>
  );
};
