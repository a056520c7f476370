import type { TMessage, TUserConfigs } from '@prosa/contracts';
import { shouldPlayNewMessageSound } from './notification-sound';

/** The user's alert choices, kept in their configs (PUT /users/:id/configs); both on unless turned off. */
export type TAlertSettings = { sound: boolean; desktop: boolean };

export const alertSettingsOf = (configs: TUserConfigs | undefined): TAlertSettings => ({
  sound: configs?.notificationSound !== false,
  desktop: configs?.desktopNotification !== false,
});

type TAlertContext = {
  /** The ticket whose chat is on screen, on any page of the app (null elsewhere). */
  openTicketId: number | null;
  tabHidden: boolean;
  settings: TAlertSettings;
  /** The browser's permission for desktop notifications ('unsupported' where there are none). */
  permission: NotificationPermission | 'unsupported';
};

/**
 * Whether a new message sounds and shows a desktop notification: a customer's message whose conversation is
 * not in front of the user (another page, another ticket, or the tab hidden), as the user's settings allow.
 */
export const decideNewMessageAlert = (
  message: Pick<TMessage, 'fromMe' | 'ticketId' | 'status'>,
  context: TAlertContext,
): { sound: boolean; desktop: boolean } => {
  const worth = shouldPlayNewMessageSound(message, context.openTicketId, context.tabHidden);
  return {
    sound: worth && context.settings.sound,
    desktop: worth && context.settings.desktop && context.permission === 'granted',
  };
};
