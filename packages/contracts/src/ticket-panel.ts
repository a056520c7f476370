import { z } from 'zod';

/** A waiting or ongoing ticket as the tickets-per-queue panel lists it. */
export const ZPanelTicket = z.object({
  id: z.number().int(),
  contactName: z.string(),
  userName: z.string().nullable(),
  status: z.enum(['open', 'pending']),
  lastMessageAt: z.string().nullable(),
  unreadMessages: z.number().int(),
});
export type TPanelTicket = z.infer<typeof ZPanelTicket>;

/** One column of the panel: a queue of the tenant, or "Sem fila" (id null). */
export const ZPanelQueue = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  open: z.number().int(),
  pending: z.number().int(),
  /** The most recent tickets of the column (at most `panelTicketsPerQueue`); the counts cover all of them. */
  tickets: z.array(ZPanelTicket),
});
export type TPanelQueue = z.infer<typeof ZPanelQueue>;

/** GET /dash-tickets-queues: counted and listed with the viewer's visibility rules. */
export const ZTicketPanel = z.object({ queues: z.array(ZPanelQueue) });
export type TTicketPanel = z.infer<typeof ZTicketPanel>;

export const panelTicketsPerQueue = 50;
