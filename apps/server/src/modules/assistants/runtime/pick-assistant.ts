import { assistantSwitch, type TAssistantScope } from '@prosa/contracts';

type TCandidate = { provider: string; settings: { enabled: boolean; scope: TAssistantScope } };
type TTicketFacts = {
  isGroup: boolean;
  status: string;
  userId: number | null;
  chatFlowId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  assistantStatus: Record<string, string>;
};

/** A ticket the assistants may answer: a customer waiting, with no agent, no chat flow, and not a group. */
export const isTicketForAssistant = (ticket: Omit<TTicketFacts, 'queueId' | 'whatsappId' | 'assistantStatus'>) =>
  !ticket.isGroup && ticket.status === 'pending' && ticket.userId === null && ticket.chatFlowId === null;

const inScope = (scope: TAssistantScope, ticket: TTicketFacts) => {
  switch (scope.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'connections':
      return ticket.whatsappId !== null && scope.ids.includes(ticket.whatsappId);
    case 'queues':
      return ticket.queueId !== null && scope.ids.includes(ticket.queueId);
  }
};

/**
 * The assistant that answers this ticket: one the ticket's status field turns on, else the first whose scope
 * covers it and that the ticket did not turn off (an exit or a hand-off turns it off). Disabled ones never.
 */
export const pickAssistant = <T extends TCandidate>(candidates: readonly T[], ticket: TTicketFacts): T | null => {
  if (!isTicketForAssistant(ticket)) return null;
  const enabled = candidates.filter((candidate) => candidate.settings.enabled);
  const switchOf = (candidate: T) => assistantSwitch(ticket.assistantStatus[candidate.provider]);
  return (
    enabled.find((candidate) => switchOf(candidate) === true) ??
    enabled.find((candidate) => switchOf(candidate) === null && inScope(candidate.settings.scope, ticket)) ??
    null
  );
};
