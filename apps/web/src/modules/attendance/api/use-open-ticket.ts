import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, getErrorCode, wasErrorShown } from '../../../app/http/errors';
import { notifyWarning } from '../../../app/notify';
import { consumeCtrlClickFlag } from '../../../app/router/navigation';
import { pathFor } from '../../../app/router/route-registry';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { messagesQueryOptions } from './messages-api';
import { messageKeys, ticketKeys } from './ticket-keys';
import { fetchTicket } from './tickets-api';

/** Query of the chat route: page 1 and a timestamp, so opening the same ticket again is a new navigation. */
export const chatQuery = (now = Date.now()) => ({ pageNumber: 1, t: now });

/**
 * Opening a chat (spec §4): clear the ticket and its messages, load the ticket, load page 1 of the messages,
 * then navigate to the chat route. A failure shows the server's error, or a plain warning.
 */
export const useOpenTicket = () => {
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const { t } = useTranslation();
  return useCallback(
    async (ticketId: number) => {
      // Ctrl-click opens the chat in a new tab: decided now, while the click is still being handled.
      if (consumeCtrlClickFlag()) {
        window.open(pathFor('chat', { ticketId }, chatQuery()), '_blank', 'noopener');
        return;
      }
      queryClient.removeQueries({ queryKey: messageKeys.list(ticketId), exact: true });
      queryClient.removeQueries({ queryKey: ticketKeys.detail(ticketId), exact: true });
      try {
        await queryClient.fetchQuery({ queryKey: ticketKeys.detail(ticketId), queryFn: () => fetchTicket(ticketId) });
        await queryClient.fetchInfiniteQuery(messagesQueryOptions(ticketId, queryClient));
        navigate('chat', { ticketId }, chatQuery());
      } catch (error) {
        if (wasErrorShown(error)) return;
        notifyWarning(getErrorCode(error) ? describeApiError(error) : t('attendance.openFailed'));
      }
    },
    [queryClient, navigate, t],
  );
};
