import {
  ZIdParams,
  ZTicketNote,
  ZTicketNoteBody,
  ZTicketNoteList,
  ZTicketNoteListQuery,
  ZTicketNoteParams,
  ZTicketNoteUpdate,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listNotesOfTicket, listTicketNotes } from './list-ticket-notes.js';
import { createTicketNote, deleteTicketNote, updateTicketNote } from './manage-ticket-note.js';

/** Internal notes (`/ticketNotes`, the family's CRUD plus `/:ticketId/logs`); the rules live in the use cases. */
export const ticketNotesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['ticket-notes'];
    const path = '/ticketNotes';
    app.get(
      path,
      { onRequest: guard(), schema: { tags, querystring: ZTicketNoteListQuery, response: { 200: ZTicketNoteList } } },
      (req) => listTicketNotes(services, req.ctx, req.query),
    );
    app.get(
      `${path}/:ticketId/logs`,
      { onRequest: guard(), schema: { tags, params: ZTicketNoteParams, response: { 200: z.array(ZTicketNote) } } },
      (req) => listNotesOfTicket(services, req.ctx, req.params.ticketId),
    );
    app.post(
      path,
      { onRequest: guard(), schema: { tags, body: ZTicketNoteBody, response: { 201: ZTicketNote } } },
      async (req, reply) => reply.status(201).send(await createTicketNote(services, req.ctx, req.body)),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest: guard(),
        schema: { tags, params: ZIdParams, body: ZTicketNoteUpdate, response: { 200: ZTicketNote } },
      },
      (req) => updateTicketNote(services, req.ctx, req.params.id, req.body.notes),
    );
    app.delete(`${path}/:id`, { onRequest: guard(), schema: { tags, params: ZIdParams } }, async (req, reply) => {
      await deleteTicketNote(services, req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
