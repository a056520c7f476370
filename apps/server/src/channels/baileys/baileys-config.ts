import { AppError } from '../../platform/errors.js';
import type { TConnectionRow } from '../types.js';

/**
 * What a Baileys connection keeps in `config`: only how calls are handled. There are no credentials: the
 * server is the linked device itself, and its pairing lives in the `baileys_auth` table.
 */
export type TStoredBaileysConfig = {
  /** Calls to the number are refused at once (Baileys carries no call audio: nobody could answer them). */
  rejectCalls: boolean;
  /** Sent to the caller after a refused call, when set. */
  rejectCallsMessage: string | null;
};

export const readBaileysConfig = (connection: Pick<TConnectionRow, 'config'>): TStoredBaileysConfig => {
  const stored = connection.config as Partial<TStoredBaileysConfig>;
  return {
    rejectCalls: stored.rejectCalls === true,
    rejectCallsMessage: typeof stored.rejectCallsMessage === 'string' ? stored.rejectCallsMessage : null,
  };
};

/** The settings of a new or edited connection as stored; fields left out of an edit keep their value. */
export const prepareBaileysConfig = (
  input: Record<string, unknown>,
  previous: Record<string, unknown>,
): TStoredBaileysConfig => {
  const before = readBaileysConfig({ config: previous });
  const { rejectCalls, rejectCallsMessage } = input;
  if (rejectCalls !== undefined && typeof rejectCalls !== 'boolean')
    throw new AppError('ERR_VALIDATION', { field: 'config.rejectCalls' });
  if (
    rejectCallsMessage !== undefined &&
    rejectCallsMessage !== null &&
    (typeof rejectCallsMessage !== 'string' || rejectCallsMessage.length > 1000)
  )
    throw new AppError('ERR_VALIDATION', { field: 'config.rejectCallsMessage' });
  return {
    rejectCalls: rejectCalls ?? before.rejectCalls,
    rejectCallsMessage:
      rejectCallsMessage === undefined ? before.rejectCallsMessage : rejectCallsMessage?.trim() || null,
  };
};

/** What an admin sees: the call settings (no secrets, no webhook: the socket is ours). */
export const baileysPublicSettings = (connection: TConnectionRow) => readBaileysConfig(connection);
