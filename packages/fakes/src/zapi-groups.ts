import { changeMembers, newGroup, type TWhatsAppMemberAction } from './whatsapp-groups.js';
import {
  groupJidOf,
  participantNotification,
  participantsCallback,
  type TZapiGroup,
  type TZapiRevoked,
} from './zapi-group-protocol.js';
import { createZapiGroupRoutes } from './zapi-group-routes.js';
import type { TZapiInstance, TZapiWebhookKind } from './zapi-protocol.js';

// WhatsApp's groups as the fake Z-API's instances see them (whatsapp-groups.ts: who is in which group, what a
// number may do there), the members changing by someone else's hand, and the messages deleted. The routes that
// speak Z-API over them are zapi-group-routes.ts.

type TEmit = (instance: TZapiInstance, kind: TZapiWebhookKind, payload: Record<string, unknown>) => Promise<unknown>;

export const createZapiGroups = (emit: TEmit) => {
  const groups = new Map<string, TZapiGroup>();
  const revoked: TZapiRevoked[] = [];
  const routes = createZapiGroupRoutes(groups, revoked);

  /**
   * Members join or leave a group, or are promoted or demoted, by someone else (`author`, a JID) or themselves
   * (joined by link, left): WhatsApp's members change, then the notification reaches the `received` webhook.
   */
  const groupChange = async (
    instance: TZapiInstance,
    input: { groupId: string; members: { id: string }[]; action: TWhatsAppMemberAction },
    author: string | null,
  ) => {
    const group = groups.get(input.groupId);
    if (!group) throw new Error(`no group ${input.groupId}`);
    // Members as the group lists them (a LID's phone beside it), taken before those who leave are gone.
    const members = input.members.map(
      (member) => group.participants.find((listed) => listed.id === member.id) ?? { ...member, admin: null },
    );
    changeMembers(group, members, input.action);
    const notification = participantNotification(input.action, author !== null);
    return emit(instance, 'received', participantsCallback(instance, group, { notification, members, author }));
  };

  return {
    answer: routes.answer,
    groupChange,
    /** A group in WhatsApp, with its members (our number among them as the test says). */
    addGroup: (group: Pick<TZapiGroup, 'id' | 'subject' | 'participants'> & Partial<TZapiGroup>) =>
      groups.set(group.id, newGroup({ desc: null, announce: false, ...group })),
    /** A group as WhatsApp holds it now. */
    group: (jid: string) => groups.get(jid),
    /** The subject of the group a chat's `phone` names, for the chat name of its messages. */
    subjectOf: (phone: string) => groups.get(groupJidOf(phone) ?? '')?.subject,
    /** Messages deleted for everyone, oldest first. */
    revoked: (instanceId?: string | null) => revoked.filter((item) => !instanceId || item.instanceId === instanceId),
  };
};
