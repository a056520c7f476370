import { and, asc, count, desc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/client.js';
import { contactIdentities, messages, tickets, users } from '../../platform/db/schema.js';

export type TMessageRow = typeof messages.$inferSelect;
export type TMessageInsert = Omit<typeof messages.$inferInsert, 'tenantId' | 'id'>;

/** Inserts unless the channel already delivered this external id (or the client this idFront): then undefined. */
export const insertMessage = async (
  tx: TExecutor,
  tenantId: number,
  values: TMessageInsert,
): Promise<TMessageRow | undefined> => {
  const [row] = await tx
    .insert(messages)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return row;
};

/** Several messages at once; those whose external id was already taken are left out of the result. */
export const insertMessages = async (
  tx: TExecutor,
  tenantId: number,
  values: (TMessageInsert & { id?: number })[],
): Promise<TMessageRow[]> => {
  if (values.length === 0) return [];
  const rows = values.map((value) => ({ ...value, tenantId }));
  // Ids taken beforehand (`allocateMessageIds`) go in as they are.
  const insert = values.some((value) => value.id !== undefined)
    ? tx.insert(messages).overridingSystemValue()
    : tx.insert(messages);
  return insert.values(rows).onConflictDoNothing().returning();
};

/** `count` new message ids, ascending: for rows whose id must be known before they are written. */
export const allocateMessageIds = async (tx: TExecutor, count: number): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('messages', 'id'))::int as id from generate_series(1, ${count})`,
    )
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);

/** Messages by (connection, external id), for a batch of deliveries and the replies they quote. */
export const findMessagesByExternalIds = async (
  tx: TExecutor,
  tenantId: number,
  keys: { whatsappId: number | null; externalId: string }[],
): Promise<TMessageRow[]> => {
  if (keys.length === 0) return [];
  const list = JSON.stringify(keys.map((key) => ({ w: key.whatsappId ?? 0, m: key.externalId })));
  return tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        // The plain list lets the unique index narrow the rows; the pairs then match the connection too.
        inArray(
          messages.messageId,
          keys.map((key) => key.externalId),
        ),
        sql`(coalesce(${messages.whatsappId}, 0), ${messages.messageId}) in (select w, m from jsonb_to_recordset(${list}::jsonb) as k(w int, m text))`,
      ),
    );
};

export const findMessage = async (tx: TExecutor, tenantId: number, id: number): Promise<TMessageRow | undefined> => {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)));
  return row;
};

export const findMessagesByIds = (tx: TExecutor, tenantId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([] as TMessageRow[])
    : tx
        .select()
        .from(messages)
        .where(and(eq(messages.tenantId, tenantId), inArray(messages.id, ids)));

export const findMessageByIdFront = async (tx: TExecutor, tenantId: number, idFront: string) => {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.idFront, idFront)));
  return row;
};

export const findMessageByExternalId = async (
  tx: TExecutor,
  tenantId: number,
  whatsappId: number | null,
  externalId: string,
  options: { lock?: boolean } = {},
) => {
  const query = tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        sql`coalesce(${messages.whatsappId}, 0) = ${whatsappId ?? 0}`,
        eq(messages.messageId, externalId),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
};

/** When the customer last wrote on a connection (ms since the epoch), or null if never. */
export const findLastInboundAt = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  whatsappId: number,
): Promise<number | null> => {
  const [row] = await tx
    .select({ at: sql<string | null>`max(${messages.timestamp})` })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.contactId, contactId),
        eq(messages.whatsappId, whatsappId),
        eq(messages.fromMe, false),
      ),
    );
  return row?.at == null ? null : Number(row.at);
};

/** A page of a ticket's messages, newest page first; rows come back oldest first for display. */
export const findTicketMessagesPage = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  options: { limit: number; offset: number },
): Promise<{ rows: TMessageRow[]; count: number }> => {
  const where = and(eq(messages.tenantId, tenantId), eq(messages.ticketId, ticketId), ne(messages.status, 'scheduled'));
  const rows = await tx
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ n: count() }).from(messages).where(where);
  return { rows: rows.reverse(), count: total?.n ?? 0 };
};

export const findScheduledMessages = (tx: TExecutor, tenantId: number, ticketId: number) =>
  tx
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.ticketId, ticketId), eq(messages.status, 'scheduled')))
    .orderBy(asc(messages.scheduleDate));

export const updateMessageRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<TMessageInsert>,
): Promise<TMessageRow | undefined> => {
  const [row] = await tx
    .update(messages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
    .returning();
  return row;
};

/** Marks a ticket's inbound messages read. */
/** Marks the customer's unread messages of a ticket read; returns the channel's ids of those messages. */
export const markTicketMessagesRead = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<string[]> => {
  const rows = await tx
    .update(messages)
    .set({ read: true })
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.ticketId, ticketId),
        eq(messages.read, false),
        eq(messages.fromMe, false),
      ),
    )
    .returning({ messageId: messages.messageId });
  return rows.flatMap((row) => (row.messageId ? [row.messageId] : []));
};

/**
 * An address as a channel is sent to: the form the channel reported, where it differs from the key (an old
 * eight-digit WhatsApp number).
 */
export const channelAddressValue = sql<string>`coalesce(${contactIdentities.reported}, ${contactIdentities.value})`;

export const findContactAddress = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
): Promise<{ kind: string; value: string }[]> =>
  tx
    .select({ kind: contactIdentities.kind, value: channelAddressValue })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.tenantId, tenantId), eq(contactIdentities.contactId, contactId)));

/** The addresses of several contacts at once (one statement), by contact id. */
export const findContactAddresses = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
): Promise<Map<number, { kind: string; value: string }[]>> => {
  const byContact = new Map<number, { kind: string; value: string }[]>();
  if (contactIds.length === 0) return byContact;
  const rows = await tx
    .select({
      contactId: contactIdentities.contactId,
      kind: contactIdentities.kind,
      value: channelAddressValue,
    })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.tenantId, tenantId), inArray(contactIdentities.contactId, contactIds)));
  for (const { contactId, ...address } of rows)
    byContact.set(contactId, [...(byContact.get(contactId) ?? []), address]);
  return byContact;
};

/** Scheduled messages whose time has come (every tenant: a platform job). */
export const dueScheduledMessages = (tx: TExecutor, now: Date, limit: number) =>
  tx
    .select({ id: messages.id, tenantId: messages.tenantId })
    .from(messages)
    .where(and(eq(messages.status, 'scheduled'), lte(messages.scheduleDate, now)))
    .limit(limit);

/** The latest messages of one contact on one connection (what a web chat visitor sees of their conversation). */
export const findConversationTail = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  whatsappId: number,
  limit: number,
) => {
  const rows = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.contactId, contactId),
        eq(messages.whatsappId, whatsappId),
        inArray(messages.status, ['received', 'sent', 'delivered', 'read']),
      ),
    )
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(limit);
  return rows.reverse();
};

/** Messages of the tickets `visible` admits (a visibility condition on tickets), newest first, paginated. */
export const findVisibleMessagesPage = async (
  tx: TExecutor,
  tenantId: number,
  visible: SQL,
  where: SQL | undefined,
  options: { limit: number; offset: number },
) => {
  const condition = and(eq(messages.tenantId, tenantId), ne(messages.status, 'scheduled'), where, visible);
  const rows = await tx
    .select({ message: messages })
    .from(messages)
    .innerJoin(tickets, and(eq(tickets.id, messages.ticketId), eq(tickets.tenantId, messages.tenantId)))
    .where(condition)
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(messages)
    .innerJoin(tickets, and(eq(tickets.id, messages.ticketId), eq(tickets.tenantId, messages.tenantId)))
    .where(condition);
  return { rows: rows.map((row) => row.message), count: total?.n ?? 0 };
};

/** Every message of a ticket in order (transcripts), with the sending agent's name. */
export const findTicketTranscript = (tx: TExecutor, tenantId: number, ticketId: number, limit: number) =>
  tx
    .select({ message: messages, userName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .where(and(eq(messages.tenantId, tenantId), eq(messages.ticketId, ticketId), ne(messages.status, 'scheduled')))
    .orderBy(asc(messages.timestamp), asc(messages.id))
    .limit(limit);

/** The latest `limit` messages of a ticket from message `fromId` on, oldest first (an assistant's context). */
export const findTicketTail = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  options: { fromId: number; limit: number },
) => {
  const rows = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.ticketId, ticketId),
        sql`${messages.id} >= ${options.fromId}`,
        eq(messages.isDeleted, false),
        ne(messages.status, 'scheduled'),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(options.limit);
  return rows.reverse();
};

/** A voice note's transcript, once (a second transcription of the same message changes nothing). */
export const setMessageTranscript = async (tx: TExecutor, tenantId: number, messageId: number, transcript: string) => {
  const [row] = await tx
    .update(messages)
    .set({ transcript })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, messageId), sql`${messages.transcript} is null`))
    .returning();
  return row;
};
