import { groupInviteLink, type TCreateGroupsResult } from '@prosa/contracts';
import type { TGroupAdmin, TGroupSummary } from '../../channels/host/modules-door.js';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TConnectionRow } from '../connections/connections.service.js';
import { codeOf, loadGroupAdmin, phoneJid, type TGroupActionServices } from './group-actions.js';

type TCreated = TGroupSummary & { inviteCode?: string | null };

/**
 * A new group's invite link: from the code the provider answered with the group, or asked of it afterwards.
 * Null where the provider cannot tell it, or the call failed (logged): the group was made all the same.
 */
export const newGroupInviteLink = async (
  services: TGroupActionServices,
  target: { connection: TConnectionRow; admin: TGroupAdmin },
  created: TCreated,
) => {
  if (created.inviteCode) return groupInviteLink(created.inviteCode);
  if (!target.admin.inviteCode) return null;
  try {
    const code = await target.admin.inviteCode(target.connection, created.id);
    return code ? groupInviteLink(code) : null;
  } catch (err) {
    services.log.warn({ err, groupId: created.id }, "new group's invite link not read");
    return null;
  }
};

/** POST /createGroups: each group made with its members, our number its admin, with its invite link. */
export const createGroups = async (
  services: TGroupActionServices,
  ctx: TRequestContext,
  input: { connectionId: number; groups: { subject: string; participants: string[] }[] },
): Promise<TCreateGroupsResult> => {
  const target = await loadGroupAdmin(services, ctx.tenantId, input.connectionId);
  const results: TCreateGroupsResult['results'] = [];
  for (const group of input.groups) {
    let created: TCreated;
    try {
      created = await target.admin.create(target.connection, group.subject, group.participants.map(phoneJid));
    } catch (err) {
      services.log.warn({ err, subject: group.subject }, 'group not created');
      results.push({ subject: group.subject, groupId: '', ok: false, error: codeOf(err), inviteLink: null });
      continue;
    }
    const inviteLink = await newGroupInviteLink(services, target, created);
    results.push({ subject: group.subject, groupId: created.id, ok: true, inviteLink });
  }
  return { results };
};
