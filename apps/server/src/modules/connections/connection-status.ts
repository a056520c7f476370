import { errorCatalogue, isErrorCode } from '@prosa/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { TGatewayConnectionChange } from '../../channels/host/modules-door.js';
import { connections, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { toConnectionDto } from './connection-dto.js';
import type { TConnectionRow } from './connections.repository.js';

/** A change of a connection's session as the channel host reports it (see `TGatewayConnectionChange`). */
export type TConnectionStatusChange = TGatewayConnectionChange;

/** Which way a connection went: `down` when it stops working, `up` when it works again. */
export type TConnectionTurn = 'down' | 'up' | null;

type TStatusServices = Pick<TServices, 'db' | 'events' | 'mailer' | 'background' | 'config' | 'log'>;

/**
 * A drop is CONNECTED -> DISCONNECTED that nobody asked for. A return is CONNECTED again after a drop: the
 * drop left its reason (lastError), kept through OPENING / a new QR. A new connection's first CONNECTED, and
 * pairing again after an admin's logout, are neither.
 */
const turnOf = (
  before: { status: string; lastError: string | null },
  change: Pick<TConnectionStatusChange, 'status' | 'requested'>,
): TConnectionTurn => {
  if (change.requested) return null;
  if (before.status === 'CONNECTED' && change.status === 'DISCONNECTED') return 'down';
  return before.status !== 'CONNECTED' && change.status === 'CONNECTED' && before.lastError !== null ? 'up' : null;
};

const onTheWay = new Set(['OPENING', 'qrcode']);

const adminMail = (connection: TConnectionRow, turn: 'down' | 'up', publicUrl: string) => {
  const reason =
    connection.lastError && isErrorCode(connection.lastError)
      ? errorCatalogue[connection.lastError]['pt-BR']
      : connection.lastError;
  return turn === 'down'
    ? {
        subject: `Conexão "${connection.name}" caiu`,
        text: [
          `A conexão "${connection.name}" parou de funcionar${reason ? `: ${reason}` : '.'}`,
          '',
          'Enquanto ela estiver fora, as mensagens enviadas por ela aparecem como falha, com a opção de reenviar.',
          `Veja e corrija em ${publicUrl}/sessoes`,
        ].join('\n'),
      }
    : {
        subject: `Conexão "${connection.name}" voltou`,
        text: `A conexão "${connection.name}" voltou a funcionar. Mensagens que falharam podem ser reenviadas na conversa.`,
      };
};

/**
 * Records a connection's status as its channel reports it and publishes `connection.status` (realtime tells
 * every screen of the tenant, and the superadmins'); when the connection went down or came back, the event
 * says so (admins see an alert) and the tenant's admins get an e-mail. Only a real change of status counts
 * as a turn: repeated reports of the same state mail nobody twice.
 */
export const setConnectionStatus = async (
  services: TStatusServices,
  tenantId: number,
  connectionId: number,
  change: TConnectionStatusChange,
): Promise<{ row: TConnectionRow; turn: TConnectionTurn } | null> => {
  const result = await withTenant(services.db, tenantId, async (tx) => {
    const [before] = await tx
      .select({ status: connections.status, lastError: connections.lastError })
      .from(connections)
      .where(and(eq(connections.tenantId, tenantId), eq(connections.id, connectionId)))
      .for('update');
    if (!before || (change.onlyFrom && !change.onlyFrom.includes(before.status))) return null;
    const [row] = await tx
      .update(connections)
      .set({
        status: change.status,
        lastError:
          change.lastError !== undefined ? change.lastError : onTheWay.has(change.status) ? before.lastError : null,
        ...(change.number !== undefined && change.number !== null ? { number: change.number } : {}),
        ...(change.qrcode !== undefined
          ? { qrcode: change.qrcode }
          : change.status === 'qrcode'
            ? {}
            : { qrcode: null }),
        updatedAt: new Date(),
      })
      .where(and(eq(connections.tenantId, tenantId), eq(connections.id, connectionId)))
      .returning();
    if (!row) return null;
    const turn = turnOf(before, change);
    await services.events.publish(
      tx,
      { type: 'connection.status', tenantId, connectionId, status: change.status, lastError: row.lastError, turn },
      { connection: toConnectionDto(row, null) },
    );
    const admins =
      turn && !row.isDeleted
        ? await tx
            .select({ email: users.email })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), inArray(users.profile, ['admin', 'super'])))
        : [];
    return { row, turn, admins };
  });
  if (!result) return null;
  const { row, turn, admins } = result;
  if (turn && admins.length > 0) {
    const mail = adminMail(row, turn, services.config.publicUrl);
    services.background.run('connection-turn-mail', async () => {
      for (const admin of admins) await services.mailer.send({ to: admin.email, ...mail });
    });
  }
  if (turn) services.log.info({ tenantId, connectionId, turn, reason: row.lastError }, 'connection turned');
  return { row, turn };
};
