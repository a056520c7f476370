import { ZId, ZTicket, ZTicketChatBot, ZTicketIdQuery } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { clearAssistants, setTicketChatFlow } from './change-ticket.js';

/** §7: a ticket into or out of a chat flow (the bot), and its assistants told to forget it. */
export const ticketAutomationRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['tickets'];
    app.put(
      '/ticketsChatBot/:ticketId',
      {
        onRequest: guard(),
        schema: { tags, params: z.object({ ticketId: ZId }), body: ZTicketChatBot, response: { 200: ZTicket } },
      },
      (req) => setTicketChatFlow(services, req.ctx, req.params.ticketId, req.body.chatFlowId),
    );
    app.get(
      '/ticketsClear',
      { onRequest: guard(), schema: { tags, querystring: ZTicketIdQuery, response: { 200: ZTicket } } },
      (req) => clearAssistants(services, req.ctx, req.query.ticketId),
    );
  };
