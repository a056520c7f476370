import type { TGroupInfo, TGroupResult } from '@prosa/contracts';
import {
  ChannelGroupError,
  ChannelSendError,
  type TGroupAdmin,
  type TGroupMemberAction,
  type TGroupSummary,
} from '../../channels/host/modules-door.js';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection, type TConnectionRow } from '../connections/connections.service.js';
import { nameMembers } from './group-member-names.js';

export type TGroupActionServices = Pick<TServices, 'db' | 'channels' | 'log'>;
type TAdminOf = { connection: TConnectionRow; admin: TGroupAdmin };

/** A number's WhatsApp JID. */
export const phoneJid = (number: string) => `${number.replace(/\D/g, '')}@s.whatsapp.net`;

const toInfo = (group: TGroupSummary): TGroupInfo => ({
  groupId: group.id,
  subject: group.subject,
  description: group.description,
  size: group.size,
  isAdmin: group.isAdmin,
  adminsOnly: group.adminsOnly,
});

/** A failure as a catalogue code: WhatsApp's refusal, a session that is down, or a failed call. */
export const codeOf = (err: unknown) => {
  if (err instanceof ChannelGroupError) return err.code;
  if (err instanceof ChannelSendError) return err.reason.startsWith('ERR_') ? err.reason : 'ERR_GROUP_ACTION_FAILED';
  if (err instanceof AppError) return err.code;
  return 'ERR_GROUP_ACTION_FAILED';
};

/**
 * The connection named (the tenant's), and its channel's group administration. A channel without groups is a
 * 400 naming `connectionId`; a session that is down fails fast.
 */
export const loadGroupAdmin = async (
  services: TGroupActionServices,
  tenantId: number,
  connectionId: number,
): Promise<TAdminOf> => {
  const connection = await withTenant(services.db, tenantId, (tx) => findConnection(tx, tenantId, connectionId));
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', { field: 'connectionId' });
  const admin = services.channels.groupAdmin(connection);
  if (!admin) throw new AppError('ERR_GROUP_TOOLS_UNAVAILABLE', { field: 'connectionId' });
  if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return { connection, admin };
};

/** A call about the whole connection: a refusal answers its code rather than a 500. */
const wholly = async <T>(services: TGroupActionServices, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    services.log.warn({ err }, 'group call failed');
    const code = codeOf(err);
    throw new AppError(
      code === 'ERR_GROUP_NOT_FOUND' || code === 'ERR_GROUP_NOT_ADMIN' ? code : 'ERR_WAPP_NOT_INITIALIZED',
    );
  }
};

/**
 * Runs `act` on each group in turn (one number, one socket: no burst), each group's failure its own result.
 * With `asAdmin`, a group where our number is not admin is refused before asking WhatsApp.
 */
const perGroup = async <T extends object>(
  services: TGroupActionServices,
  { connection, admin }: TAdminOf,
  groupIds: readonly string[],
  asAdmin: boolean,
  /** What the group's result carries besides ok (it may say `ok: false` and why itself). */
  act: (groupId: string) => Promise<T | undefined>,
): Promise<(TGroupResult & Partial<T>)[]> => {
  const results: (TGroupResult & Partial<T>)[] = [];
  for (const groupId of groupIds) {
    try {
      if (asAdmin && !(await admin.get(connection, groupId)).isAdmin)
        throw new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
      const extra = await act(groupId);
      results.push({ groupId, ok: true, ...extra } as TGroupResult & Partial<T>);
    } catch (err) {
      if (!(err instanceof ChannelGroupError)) services.log.warn({ err, groupId }, 'group action failed');
      results.push({ groupId, ok: false, error: codeOf(err) } as TGroupResult & Partial<T>);
    }
  }
  return results;
};

/** POST /listGroup: the groups the number is in, with whether it is admin there. */
export const listGroups = async (services: TGroupActionServices, ctx: TRequestContext, connectionId: number) => {
  const { connection, admin } = await loadGroupAdmin(services, ctx.tenantId, connectionId);
  const groups = await wholly(services, () => admin.list(connection));
  return { groups: groups.map(toInfo).sort((a, b) => a.subject.localeCompare(b.subject)) };
};

/** POST /listGroupById: one group and its members, named after the tenant's contacts. */
export const getGroup = async (
  services: TGroupActionServices,
  ctx: TRequestContext,
  input: { connectionId: number; groupId: string },
) => {
  const { connection, admin } = await loadGroupAdmin(services, ctx.tenantId, input.connectionId);
  const { participants, ...group } = await wholly(services, () => admin.get(connection, input.groupId));
  const [named = []] = await nameMembers(services.db, ctx.tenantId, [participants]);
  return { group: toInfo(group), participants: named };
};

/** POST /listParticipants: each group's members, named after the tenant's contacts (one lookup for all). */
export const listParticipants = async (
  services: TGroupActionServices,
  ctx: TRequestContext,
  input: { connectionId: number; groupIds: string[] },
) => {
  const target = await loadGroupAdmin(services, ctx.tenantId, input.connectionId);
  const results = await perGroup(services, target, input.groupIds, false, async (groupId) => ({
    participants: (await target.admin.get(target.connection, groupId)).participants,
  }));
  const named = await nameMembers(
    services.db,
    ctx.tenantId,
    results.map((result) => result.participants ?? []),
  );
  return {
    results: results.map(({ participants, ...result }, index) =>
      participants ? { ...result, participants: named[index] ?? [] } : result,
    ),
  };
};

type TSettingChange =
  | { kind: 'title'; title: string }
  | { kind: 'description'; description: string }
  | { kind: 'adminsOnly'; adminsOnly: boolean }
  | { kind: 'picture'; image: Buffer };

/**
 * POST /changeTitles, /changeDescriptions, /setAdminsOnlyForGroups, /changePicturesUrl, /changePicturesFile:
 * the same change in each group.
 */
export const changeGroups = async (
  services: TGroupActionServices,
  ctx: TRequestContext,
  input: { connectionId: number; groupIds: string[] },
  change: TSettingChange,
) => {
  const target = await loadGroupAdmin(services, ctx.tenantId, input.connectionId);
  const { admin, connection } = target;
  return {
    results: await perGroup(services, target, input.groupIds, true, async (groupId) => {
      switch (change.kind) {
        case 'title':
          return void (await admin.setSubject(connection, groupId, change.title));
        case 'description':
          return void (await admin.setDescription(connection, groupId, change.description));
        case 'adminsOnly':
          return void (await admin.setAdminsOnly(connection, groupId, change.adminsOnly));
        case 'picture':
          return void (await admin.setPicture(connection, groupId, change.image));
        default: {
          const unknown: never = change;
          throw new Error(`unknown group change ${JSON.stringify(unknown)}`);
        }
      }
    }),
  };
};

/** POST /promote…, /demote…, /add…, /removeParticipantsFromGroups: the numbers in each group, each answered. */
export const changeParticipants = async (
  services: TGroupActionServices,
  ctx: TRequestContext,
  input: { connectionId: number; groupIds: string[]; numbers: string[] },
  action: TGroupMemberAction,
) => {
  const target = await loadGroupAdmin(services, ctx.tenantId, input.connectionId);
  return {
    results: await perGroup(services, target, input.groupIds, true, async (groupId) => {
      const outcome = await target.admin.updateParticipants(
        target.connection,
        groupId,
        input.numbers.map(phoneJid),
        action,
      );
      const members = input.numbers.map((number, index) => {
        const { ok, error } = outcome[index] ?? { ok: false, error: 'ERR_GROUP_ACTION_FAILED' };
        return error ? { number, ok, error } : { number, ok };
      });
      // The group failed when no member could be changed; its members tell why.
      const failed = members.every((member) => !member.ok);
      return failed ? { members, ok: false, error: members[0]?.error ?? 'ERR_GROUP_ACTION_FAILED' } : { members };
    }),
  };
};
