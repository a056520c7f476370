import { Box, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useParams } from 'react-router';
import { notifyWarning } from '../../../app/notify';
import type { TRouteHandle } from '../../../app/router/route-guard';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { breakpoints } from '../../../app/theme/theme';
import { useSettingsRealtime, useTenantSettings } from '../../settings/api/settings-api';
import { ticketKeys } from '../api/ticket-keys';
import { useAttendanceRealtime } from '../api/use-attendance-realtime';
import { useFilterProfileSync } from '../api/use-filter-profile-sync';
import { TicketListPanel } from '../components/ticket-list-panel';
import { useUnreadTitle } from '../components/use-unread-title';

/** Route names whose screen takes the whole width on a phone (the list steps aside). */
const detailRoutes = new Set(['chat', 'chat-contatos']);

export const parseTicketId = (raw: string | undefined): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /atendimento: the ticket list (360 px) on the left and the open chat on the right; on a phone
 * (below 600 px) either the list or the chat, with a back button in the chat.
 */
export const AttendanceLayout = () => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const matches = useMatches();
  const openTicketId = parseTicketId(useParams().ticketId);
  const isPhone = useMediaQuery(`(max-width: calc(${breakpoints.sm} - 1px))`) ?? false;
  const routeName = (matches[matches.length - 1]?.handle as TRouteHandle | undefined)?.name ?? '';
  const showingDetail = detailRoutes.has(routeName);

  const onOpenTicketGone = useCallback(() => {
    notifyWarning(t('attendance.chat.gone'));
    navigate('chat-empty');
  }, [navigate, t]);
  useAttendanceRealtime({ openTicketId, onOpenTicketGone });
  // The lists place live tickets with the tenant's visibility settings; when one changes the server answers
  // differently too, so the lists start over.
  const queryClient = useQueryClient();
  useTenantSettings();
  useSettingsRealtime(() => void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }));
  useUnreadTitle();
  useFilterProfileSync();

  return (
    <Paper
      withBorder
      radius="md"
      display="flex"
      style={{
        overflow: 'hidden',
        height: 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))',
        minHeight: 420,
      }}
      data-testid="attendance-workspace"
    >
      {(!isPhone || !showingDetail) && (
        <Box
          w={isPhone ? '100%' : { base: 300, md: 360 }}
          style={{ flexShrink: 0, borderRight: isPhone ? undefined : '1px solid var(--mantine-color-default-border)' }}
        >
          <TicketListPanel selectedTicketId={openTicketId} />
        </Box>
      )}
      {(!isPhone || showingDetail) && (
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
      )}
    </Paper>
  );
};
