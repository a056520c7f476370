import { parseWhatsappJid } from '@prosa/contracts';
import { z } from 'zod';

/**
 * Evolution's `call` webhook: the Baileys `call` event passed on as it is (`WACallEvent`: `{ id, from, chatId,
 * callerPn?, isGroup, isVideo, date, offline, status }`, `date` serialised as an ISO string). Only an offer is
 * a call ringing; the rest of a call's life (ringing, timeout, reject, terminate) changes nothing here.
 */
export type TEvolutionCall = {
  kind: 'call';
  callId: string;
  /** The caller's JID as the call names it. */
  callerJid: string;
  from: { kind: 'phone' | 'lid'; value: string; lid?: string };
  video: boolean;
  timestamp: number;
};

const ZCall = z
  .object({
    id: z.string().min(1),
    from: z.string().min(1),
    callerPn: z.string().nullish(),
    isGroup: z.boolean().nullish(),
    isVideo: z.boolean().nullish(),
    date: z.union([z.string(), z.number()]).nullish(),
    status: z.string().nullish(),
  })
  .loose();

const millisOf = (date: string | number | null | undefined) => {
  const at = typeof date === 'number' ? (date < 1e12 ? date * 1000 : date) : Date.parse(date ?? '');
  return Number.isFinite(at) && at > 0 ? at : Date.now();
};

export const parseEvolutionCall = (data: unknown): TEvolutionCall | null => {
  const parsed = ZCall.safeParse(data);
  if (!parsed.success || parsed.data.isGroup || (parsed.data.status ?? 'offer') !== 'offer') return null;
  const caller = parseWhatsappJid(parsed.data.from);
  if (!caller || caller.kind === 'group') return null;
  // A LID caller: the phone beside it (`callerPn`) names the contact, the LID stays as its other identity.
  const phone = caller.kind === 'lid' ? parseWhatsappJid(parsed.data.callerPn ?? '') : null;
  const from =
    caller.kind === 'phone'
      ? { kind: 'phone' as const, value: caller.id }
      : phone?.kind === 'phone'
        ? { kind: 'phone' as const, value: phone.id, lid: caller.id }
        : { kind: 'lid' as const, value: caller.id };
  return {
    kind: 'call',
    callId: parsed.data.id,
    callerJid: parsed.data.from,
    from,
    video: parsed.data.isVideo === true,
    timestamp: millisOf(parsed.data.date),
  };
};
