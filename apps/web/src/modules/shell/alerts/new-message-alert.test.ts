import { describe, expect, it } from 'vitest';
import { alertSettingsOf, decideNewMessageAlert } from './new-message-alert';

const incoming = { fromMe: false, ticketId: 5, status: 'received' as const };
const everywhere = { openTicketId: null, tabHidden: false, permission: 'granted' as const };

describe('new-message alerts on every page', () => {
  it('sound and desktop notification for a customer message outside its chat, both on by default', () => {
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings: alertSettingsOf(undefined) })).toEqual({
      sound: true,
      desktop: true,
    });
  });

  it('honours the user’s settings and the browser’s permission', () => {
    const soundOnly = alertSettingsOf({ desktopNotification: false });
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings: soundOnly })).toEqual({
      sound: true,
      desktop: false,
    });
    const silent = alertSettingsOf({ notificationSound: false });
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings: silent })).toEqual({
      sound: false,
      desktop: true,
    });
    const settings = alertSettingsOf({});
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings, permission: 'denied' }).desktop).toBe(false);
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings, permission: 'unsupported' }).desktop).toBe(false);
  });

  it('stays quiet for the agent’s own messages and for the chat on screen (unless the tab is hidden)', () => {
    const settings = alertSettingsOf({});
    expect(decideNewMessageAlert({ ...incoming, fromMe: true }, { ...everywhere, settings }).sound).toBe(false);
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings, openTicketId: 5 }).sound).toBe(false);
    expect(decideNewMessageAlert(incoming, { ...everywhere, settings, openTicketId: 5, tabHidden: true }).sound).toBe(
      true,
    );
  });
});
