import type { TMessage, TTicketListEvent } from '@prosa/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { onTicketListEvent } from '../../../app/realtime/socket';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { getStoredUser } from '../../../app/session/storage';
import { alertSettingsOf, decideNewMessageAlert } from './new-message-alert';
import { playNewMessageTone } from './notification-sound';

const permissionNow = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** The ticket whose chat is on screen, read from the current route (any page of the app shell). */
const useOpenTicketId = (): number | null => {
  const matches = useMatches();
  const raw = matches[matches.length - 1]?.params.ticketId;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * New-message alerts on every page of the app, not only in /atendimento: a sound and a desktop notification
 * (a click opens the conversation), as the user's settings allow. The events are the ones the server already
 * sends this user (tickets they may see).
 */
export const useNewMessageAlerts = (): void => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openTicketId = useOpenTicketId();
  const latest = useRef({ openTicketId, navigate, t });
  latest.current = { openTicketId, navigate, t };
  // Names of the tickets seen in events: a message event carries no contact name.
  const names = useRef(new Map<number, string>());

  useEffect(() => {
    const notify = (message: TMessage) => {
      const { t: translate, navigate: go } = latest.current;
      const name = names.current.get(message.ticketId) ?? '';
      const notice = new Notification(translate('conversation.alerts.newMessage', { name }), {
        body: message.body || translate('conversation.alerts.media'),
        tag: `ticket-${message.ticketId}`,
      });
      notice.onclick = () => {
        window.focus();
        go('chat', { ticketId: message.ticketId }, { pageNumber: 1, t: Date.now() });
        notice.close();
      };
    };
    const onEvent = (event: TTicketListEvent) => {
      if (event.type === 'ticket:create' || event.type === 'ticket:update') {
        names.current.set(event.payload.id, event.payload.contact.name || event.payload.name);
        return;
      }
      if (event.type !== 'chat:create') return;
      const alert = decideNewMessageAlert(event.payload, {
        openTicketId: latest.current.openTicketId,
        tabHidden: document.hidden,
        settings: alertSettingsOf(getStoredUser()?.configs),
        permission: permissionNow(),
      });
      if (alert.sound) playNewMessageTone();
      if (alert.desktop) {
        try {
          notify(event.payload);
        } catch {
          // Some browsers only allow notifications from a service worker: the sound is still there.
        }
      }
    };
    return onTicketListEvent(onEvent);
  }, []);
};
