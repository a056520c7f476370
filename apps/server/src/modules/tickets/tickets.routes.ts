import {
  INT4_MAX,
  ZId,
  ZRowId,
  ZTicket,
  ZTicketCreate,
  ZTicketList,
  ZTicketListQuery,
  ZTicketLog,
  ZTicketStatus,
  ZTicketUpdate,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { sendFarewell } from '../messages/send-farewell.js';
import { createTicket } from './create-ticket.js';
import { deleteTicket } from './delete-ticket.js';
import { listTickets, showTicket } from './list-tickets.js';
import { checkActiveTicket, listTicketLogs } from './ticket-logs.js';
import { pauseTicket, updateTicket, updateTicketStatusOnly } from './update-ticket.js';

const ZTicketParams = z.object({ ticketId: ZId });
const ZForceBody = ZTicketUpdate.extend({ status: ZTicketStatus });
const ZNullBody = z.object({ status: ZTicketStatus, userId: ZRowId.nullable().optional() });
const adminProfiles = ['admin', 'super', 'superadmin'] as const;

/** Tickets (§7): list with the attendance filter, open, change, transfer, close, pause, logs. */
export const ticketsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['tickets'];
    app.get(
      '/tickets',
      {
        onRequest: guard(),
        schema: { tags, querystring: ZTicketListQuery, response: { 200: ZTicketList } },
        // The page's DTOs are built field by field to ZTicket (toTicketDto); checking 40 of them again with zod
        // before writing cost more CPU than the list's SQL (docs/benchmarks.md). list-tickets.int.test.ts holds
        // the answer to the schema.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      (req) => listTickets(services, req.ctx, req.query),
    );
    app.get(
      '/tickets/:ticketId',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, response: { 200: ZTicket } } },
      (req) => showTicket(services, req.ctx, req.params.ticketId),
    );
    app.post(
      '/tickets',
      { onRequest: guard(), schema: { tags, body: ZTicketCreate, response: { 201: ZTicket } } },
      async (req, reply) => reply.status(201).send(await createTicket(services, req.ctx, req.body)),
    );
    app.put(
      '/tickets/:ticketId',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, body: ZTicketUpdate, response: { 200: ZTicket } } },
      (req) => updateTicket(services, req.ctx, req.params.ticketId, req.body),
    );
    app.delete(
      '/tickets/:ticketId',
      { onRequest: guard(adminProfiles), schema: { tags, params: ZTicketParams } },
      async (req, reply) => {
        await deleteTicket(services, req.ctx, req.params.ticketId);
        return reply.status(204).send();
      },
    );
    app.get(
      '/tickets/:ticketId/logs',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, response: { 200: z.array(ZTicketLog) } } },
      (req) => listTicketLogs(services, req.ctx, req.params.ticketId),
    );
    app.put(
      '/ticketsForce/:ticketId',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, body: ZForceBody, response: { 200: ZTicket } } },
      async (req) => {
        const ticket = await updateTicket(services, req.ctx, req.params.ticketId, req.body);
        // A close that first asks for a rating leaves the ticket open until the reply: the farewell goes now.
        if (req.body.status === 'closed') await sendFarewell(services, req.ctx, ticket.id);
        return ticket;
      },
    );
    app.put(
      '/ticketsNull/:ticketId',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, body: ZNullBody, response: { 200: ZTicket } } },
      (req) => updateTicketStatusOnly(services, req.ctx, req.params.ticketId, req.body),
    );
    app.post(
      '/ticketsPause/:ticketId/pause',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          body: z.object({ pauseReason: z.string().trim().max(200).optional() }).optional(),
          response: { 200: ZTicket },
        },
      },
      (req) => pauseTicket(services, req.ctx, req.params.ticketId, { paused: true, reason: req.body?.pauseReason }),
    );
    app.post(
      '/ticketsPause/:ticketId/pause/end',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, response: { 200: ZTicket } } },
      (req) => pauseTicket(services, req.ctx, req.params.ticketId, { paused: false }),
    );
    app.get(
      '/ticketscheck/:contactId/:whatsappId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: z.object({ contactId: ZId, whatsappId: z.coerce.number().int().min(0).max(INT4_MAX) }),
          response: {
            200: z.object({
              ticket: z
                .object({
                  id: z.number().int(),
                  status: ZTicketStatus,
                  userId: z.number().int().nullable(),
                  queueId: z.number().int().nullable(),
                })
                .nullable(),
            }),
          },
        },
      },
      async (req) => ({
        ticket: await checkActiveTicket(services, req.ctx, req.params.contactId, req.params.whatsappId),
      }),
    );
  };
