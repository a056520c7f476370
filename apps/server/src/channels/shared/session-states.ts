import { isErrorCode, type TErrorCode } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import { ChannelSendError, type TConnectionCheck, type TSessionState } from '../types.js';

/** A session that is down, and why (a catalogue code; null after a logout an admin asked for). */
export const down = (error: string | null): TSessionState => ({
  status: 'DISCONNECTED',
  number: null,
  qrcode: null,
  error,
});

/** A session that is up, as the number the provider names (null when it does not tell). */
export const connected = (number: string | null = null): TSessionState => ({
  status: 'CONNECTED',
  number,
  qrcode: null,
  error: null,
});

/** Pairing: a QR code to read when the provider made one, else opening (its webhook brings the QR later). */
export const pairing = (qrcode: string | null | undefined): TSessionState =>
  qrcode
    ? { status: 'qrcode', number: null, qrcode, error: null }
    : { status: 'OPENING', number: null, qrcode: null, error: null };

/** A check that found the session down, and why. */
export const downCheck = (error: string): TConnectionCheck => ({ status: 'DISCONNECTED', number: null, error });

/**
 * Why a provider could not be used, as a catalogue code: the provider's own reading of its error when it is
 * one of its errors (`providerReason` answers null otherwise), a refused send's reason, else "not initialized"
 * (missing settings, a bug).
 */
export const sessionReason = (error: unknown, providerReason: (error: unknown) => string | null): string =>
  providerReason(error) ?? (error instanceof ChannelSendError ? error.reason : 'ERR_WAPP_NOT_INITIALIZED');

/** A session call an admin made that failed: its reason when the catalogue knows it, else `fallback`. */
export const sessionAppError = (reason: string, fallback: TErrorCode) =>
  new AppError(isErrorCode(reason) ? reason : fallback);
