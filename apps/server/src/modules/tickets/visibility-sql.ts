import type { TVisibilityFilter, TVisibilitySettings, TVisibilityViewer } from '@prosa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { contactWallets, tickets, ticketTags } from '../../platform/db/schema.js';

const bool = (value: boolean) => sql.raw(value ? 'true' : 'false');
const adminProfiles = new Set(['admin', 'super', 'superadmin']);

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The ticket visibility rules of spec §5 as one SQL condition, so the list is filtered and paginated by the
 * database. It mirrors `isTicketVisible` in packages/contracts rule by rule (same numbers, same order: a CASE
 * takes the first rule that decides); `visibility-sql.int.test.ts` checks both agree on generated tickets.
 */
export const visibilityCondition = (
  viewer: TVisibilityViewer,
  filter: TVisibilityFilter,
  settings: TVisibilitySettings,
): SQL => {
  const isAdmin = adminProfiles.has(viewer.profile);
  // 1. Admin or super with showAll: always visible, within the connections the admin filtered on.
  if (isAdmin && filter.showAll)
    return filter.whatsappIds.length > 0 ? sql`${tickets.whatsappId} in (${idList(filter.whatsappIds)})` : sql`true`;

  const rules: SQL[] = [];
  const inQueues = (ids: readonly number[]) =>
    ids.length > 0 ? sql`${tickets.queueId} in (${idList(ids)})` : sql`false`;
  const restrictedAgent = viewer.profile === 'user' && viewer.queueIds.length > 0;

  // 2. Closed tickets shown to everybody (a queue-bound agent: only their queues').
  if (settings.showClosedToEverybody)
    rules.push(sql`when ${tickets.status} = 'closed' then ${restrictedAgent ? inQueues(viewer.queueIds) : sql`true`}`);
  // 3. Status must be in the filter's list.
  rules.push(
    filter.status.length > 0
      ? sql`when ${tickets.status} not in (${sql.join(
          filter.status.map((s) => sql`${s}`),
          sql`, `,
        )}) then false`
      : sql`when true then false`,
  );
  // 4. Groups: everyone sees them when show-groups-to-all is on; otherwise the rules below apply.
  if (settings.showGroupsToAll) rules.push(sql`when ${tickets.isGroup} then true`);
  // 5. Channel filter.
  if (filter.whatsappIds.length > 0)
    rules.push(
      sql`when ${tickets.whatsappId} is null or ${tickets.whatsappId} not in (${idList(filter.whatsappIds)}) then false`,
    );
  // 6. User filter.
  if (filter.selectedUser.length > 0)
    rules.push(
      sql`when ${tickets.userId} is null or ${tickets.userId} not in (${idList(filter.selectedUser)}) then false`,
    );
  // 7. Kanban filter.
  if (filter.kanbanId !== null && filter.kanbanId !== undefined)
    rules.push(sql`when ${tickets.kanban} is distinct from ${filter.kanbanId} then false`);
  // 8. Tag filter.
  if (filter.tagIds.length > 0)
    rules.push(sql`when not exists (select 1 from ${ticketTags} tt where tt.tenant_id = ${tickets.tenantId}
      and tt.ticket_id = ${tickets.id} and tt.tag_id in (${idList(filter.tagIds)})) then false`);
  // 9. The viewer's own tickets, limited by the queue filter if set.
  rules.push(
    sql`when ${tickets.userId} = ${viewer.userId} then ${
      filter.queuesIds.length > 0
        ? sql`(${inQueues(filter.queuesIds)} or (${tickets.queueId} is null and ${bool(filter.includeNotQueueDefined)}))`
        : sql`true`
    }`,
  );
  // 10. Tickets in a bot flow, with no user and no queue, hidden.
  if (settings.notViewTicketsChatBot)
    rules.push(
      sql`when ${tickets.userId} is null and ${tickets.queueId} is null and ${tickets.chatFlowId} is not null then false`,
    );
  // 11. Tickets assigned to someone else hidden (a supervisor with supervisor-admin keeps seeing them).
  if (settings.notViewAssignedTickets && !(viewer.profile === 'supervisor' && settings.supervisorAdmin))
    rules.push(sql`when ${tickets.userId} is not null and ${tickets.userId} <> ${viewer.userId} then false`);
  // 12. A queue-bound agent sees only their queues (plus queue-less tickets with the null-ticket setting).
  if (restrictedAgent)
    rules.push(
      settings.nullTickets
        ? sql`when ${tickets.queueId} is not null and not (${inQueues(viewer.queueIds)}) then false`
        : sql`when ${tickets.queueId} is null or not (${inQueues(viewer.queueIds)}) then false`,
    );
  // 13. Queue filter.
  if (filter.queuesIds.length > 0)
    rules.push(
      // Only ever hides: a queue-less ticket that passes must still meet rules 14 and 15.
      filter.includeNotQueueDefined
        ? sql`when ${tickets.queueId} is not null and not (${inQueues(filter.queuesIds)}) then false`
        : sql`when ${tickets.queueId} is null or not (${inQueues(filter.queuesIds)}) then false`,
    );
  // 14. Contacts with wallets: only their wallet users.
  if (settings.directTicketsToWallets)
    rules.push(sql`when exists (select 1 from ${contactWallets} cw where cw.tenant_id = ${tickets.tenantId}
      and cw.contact_id = ${tickets.contactId}) and not exists (select 1 from ${contactWallets} cw
      where cw.tenant_id = ${tickets.tenantId} and cw.contact_id = ${tickets.contactId}
      and cw.user_id = ${viewer.userId}) then false`);
  // 15. Not-assigned filter.
  if (filter.isNotAssignedUser) rules.push(sql`when ${tickets.userId} is not null then false`);

  return sql`(case ${sql.join(rules, sql` `)} else true end)`;
};
