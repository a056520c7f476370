import {
  aiProviderInfo,
  assistantNames,
  assistantSwitch,
  botProviderLabels,
  type TAssistantScope,
  type TAssistantStatusField,
  type TTicket,
} from '@prosa/contracts';

type TAssistantName = (typeof assistantNames)[number];

/** One assistant the chat's AI menu offers to turn on or off for its ticket. */
export type TTicketAssistant = { name: TAssistantName; field: TAssistantStatusField; label: string; on: boolean };

/** An assistant or bot as GET /assistants and GET /bots list it (what the menu needs of it). */
type TConfigured = { provider: string; enabled: boolean; scope: TAssistantScope };

const labelOf = (name: TAssistantName): string =>
  name in aiProviderInfo
    ? aiProviderInfo[name as keyof typeof aiProviderInfo].label
    : botProviderLabels[name as keyof typeof botProviderLabels];

/**
 * The assistants of a ticket's AI menu: those its `<name>Status` fields already mention, plus, for admins (who
 * can read GET /assistants and GET /bots), every enabled one. A field left empty follows the assistant's scope: on when it
 * answers all tickets.
 */
export const ticketAssistants = (ticket: TTicket, configured: readonly TConfigured[]): TTicketAssistant[] =>
  assistantNames.flatMap((name) => {
    const field: TAssistantStatusField = `${name}Status`;
    const value = assistantSwitch(ticket[field]);
    const enabled = configured.find((item) => item.provider === name && item.enabled);
    if (value === null && !enabled) return [];
    return [{ name, field, label: labelOf(name), on: value ?? enabled?.scope.kind === 'all' }];
  });
