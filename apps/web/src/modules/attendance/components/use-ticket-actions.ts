import type { TTicket, TTicketUpdate } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorCode, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { downloadTranscript } from '../api/conversation-actions-api';
import { useSyncHistory } from '../api/history-sync-api';
import { sendClosingMessage } from '../api/messages-api';
import { usePauseTicket, useUpdateTicket } from '../api/tickets-api';
import type { TChatAction } from './chat-header';
import type { TCloseChoice } from './close-ticket-modal';
import { getOtherOpenTicket, type TOtherOpenTicket } from './other-open-ticket';
import { fillQuickReply } from './quick-replies';
import type { TTransferChoice } from './transfer-modal';

export type TTicketDialog = 'transfer' | 'close' | null;

type TTicketActionsOptions = {
  currentUserId: number | null;
  /** Fills {{user}} in a closing message. */
  agentName: string;
  /** The ticket left the agent's hands (closed, transferred, marked unread): back to the list. */
  onLeave: () => void;
};

/**
 * The chat header's actions: accept, reopen (409 tells who holds the contact), transfer, close (a required
 * reason is asked for), pause / resume, mark as unread, export the conversation (text or CSV) and ask the
 * channel for its earlier messages (history sync).
 */
export const useTicketActions = (
  ticket: TTicket | undefined,
  { currentUserId, agentName, onLeave }: TTicketActionsOptions,
) => {
  const { t } = useTranslation();
  const update = useUpdateTicket();
  const pause = usePauseTicket();
  const syncHistory = useSyncHistory();
  const [busy, setBusy] = useState<TChatAction | null>(null);
  const [dialog, setDialog] = useState<TTicketDialog>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [holder, setHolder] = useState<TOtherOpenTicket | null>(null);

  const run = async <T>(action: TChatAction, work: () => Promise<T>): Promise<T> => {
    setBusy(action);
    try {
      return await work();
    } finally {
      setBusy(null);
    }
  };
  const change = (action: TChatAction, ticketId: number, body: TTicketUpdate, force = false) =>
    run(action, () => update.mutateAsync({ ticketId, body, force }));

  const onAction = async (action: TChatAction) => {
    if (!ticket) return;
    try {
      switch (action) {
        case 'accept':
          await change(action, ticket.id, { status: 'open' });
          notifySuccess(t('attendance.actions.accepted'));
          return;
        case 'reopen':
          await change(action, ticket.id, { status: 'open' });
          notifySuccess(t('attendance.actions.reopened'));
          return;
        case 'transfer':
        case 'close':
          setReasonError(null);
          setDialog(action);
          return;
        case 'pause':
        case 'resume':
          await run(action, () => pause.mutateAsync({ ticketId: ticket.id, paused: action === 'pause' }));
          return;
        case 'markUnread':
          await change(action, ticket.id, { unreadMessages: 1 });
          onLeave();
          return;
        case 'exportText':
        case 'exportCsv':
          await run(action, () => downloadTranscript(ticket.id, action === 'exportCsv' ? 'csv' : 'txt'));
          return;
        case 'syncHistory':
          await run(action, () => syncHistory.mutateAsync(ticket.id));
          notifySuccess(t('attendance.history.requested'));
          return;
        default: {
          const exhaustive: never = action;
          return exhaustive;
        }
      }
    } catch (error) {
      const other = getOtherOpenTicket(error);
      if (other) setHolder(other);
      else if (getErrorCode(error) === 'ERR_CHANNEL_NO_HISTORY') notifyError(t('attendance.history.noHistory'));
      else showApiError(error);
    }
  };

  const onTransfer = async ({ queueId, userId }: TTransferChoice) => {
    if (!ticket) return;
    try {
      await change('transfer', ticket.id, { queueId, userId, isTransference: true });
      notifySuccess(t('attendance.transfer.done'));
      setDialog(null);
      if (userId !== currentUserId) onLeave();
    } catch (error) {
      showApiError(error);
    }
  };

  const onClose = async ({ reasonId, sendFarewell, farewell }: TCloseChoice) => {
    if (!ticket) return;
    setReasonError(null);
    try {
      // The chosen closing message goes first, as the agent's own message, variables filled in.
      if (farewell) await run('close', () => sendClosingMessage(ticket, fillQuickReply(farewell, ticket, agentName)));
      // /ticketsForce also sends the connection's farewell message.
      const after = await change(
        'close',
        ticket.id,
        { status: 'closed', ...(reasonId ? { reasonId } : {}) },
        sendFarewell,
      );
      // With ratings on, the ticket stays open until the customer rates it (docs/automation.md, "Ratings").
      notifySuccess(t(after.status === 'closed' ? 'attendance.close.done' : 'ratings.awaitingRating'));
      setDialog(null);
      onLeave();
    } catch (error) {
      if (getFieldError(error)?.field === 'reasonId') setReasonError(t('attendance.close.reasonRequired'));
      else showApiError(error);
    }
  };

  const reset = () => {
    setDialog(null);
    setHolder(null);
    setReasonError(null);
  };

  return { busy, dialog, setDialog, reasonError, holder, setHolder, onAction, onTransfer, onClose, reset };
};
