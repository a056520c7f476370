import {
  ZContact,
  ZContactBlockBody,
  ZContactChatbotBlockBody,
  ZContactDeleteQuery,
  ZContactImportBody,
  ZContactImportResult,
  ZContactList,
  ZContactListQuery,
  ZContactParams,
  ZContactTagsBody,
  ZContactWalletsBody,
  ZCreateContactBody,
  ZDuplicateGroups,
  ZMergeContactsBody,
  ZMergeContactsResult,
  ZUpdateContactBody,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { createContact } from './create-contact.js';
import { deleteContact } from './delete-contact.js';
import { exportContacts } from './export-contacts.js';
import { getContact, listContacts } from './find-contacts.js';
import { findDuplicateContacts } from './find-duplicate-contacts.js';
import { importContacts } from './import-contacts.js';
import { mergeContacts } from './merge-contacts.js';
import { updateContact } from './update-contact.js';

/** Bulk and destructive contact tools: tenant staff who manage, not agents. */
const managers = ['admin', 'super', 'supervisor', 'superadmin'] as const;

export const contactsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const tags = ['contacts'];
    // POST /contacts/upload also takes the file itself as a text/csv body (read as {csv}); this plugin only.
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, { csv: body }));

    app.get(
      '/contacts',
      { onRequest: guard(), schema: { tags, querystring: ZContactListQuery, response: { 200: ZContactList } } },
      (req) => listContacts(db, req.ctx.tenantId, req.query),
    );
    app.get(
      '/contacts/export',
      { onRequest: guard(managers), schema: { tags, produces: ['text/csv'] } },
      async (req, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contatos.csv"')
          .send(await exportContacts(db, req.ctx.tenantId)),
    );
    app.get(
      '/contacts/duplicates',
      { onRequest: guard(managers), schema: { tags, response: { 200: ZDuplicateGroups } } },
      (req) => findDuplicateContacts(db, req.ctx.tenantId),
    );
    app.get(
      '/contacts/:contactId',
      { onRequest: guard(), schema: { tags, params: ZContactParams, response: { 200: ZContact } } },
      (req) => getContact(db, req.ctx.tenantId, req.params.contactId),
    );
    app.post(
      '/contacts',
      { onRequest: guard(), schema: { tags, body: ZCreateContactBody, response: { 201: ZContact } } },
      async (req, reply) =>
        reply.status(201).send(await createContact({ services, tenantId: req.ctx.tenantId, input: req.body })),
    );
    app.put(
      '/contacts/:contactId',
      {
        onRequest: guard(),
        schema: { tags, params: ZContactParams, body: ZUpdateContactBody, response: { 200: ZContact } },
      },
      (req) =>
        updateContact({ services, tenantId: req.ctx.tenantId, contactId: req.params.contactId, input: req.body }),
    );
    app.put(
      '/contacts/:contactId/block',
      {
        onRequest: guard(),
        schema: { tags, params: ZContactParams, body: ZContactBlockBody, response: { 200: ZContact } },
      },
      (req) =>
        updateContact({ services, tenantId: req.ctx.tenantId, contactId: req.params.contactId, input: req.body }),
    );
    app.put(
      '/contacts/:contactId/chatbot-block',
      {
        onRequest: guard(),
        schema: { tags, params: ZContactParams, body: ZContactChatbotBlockBody, response: { 200: ZContact } },
      },
      (req) =>
        updateContact({ services, tenantId: req.ctx.tenantId, contactId: req.params.contactId, input: req.body }),
    );
    app.put(
      '/contact-tags/:contactId',
      {
        onRequest: guard(),
        schema: { tags, params: ZContactParams, body: ZContactTagsBody, response: { 200: ZContact } },
      },
      (req) =>
        updateContact({ services, tenantId: req.ctx.tenantId, contactId: req.params.contactId, input: req.body }),
    );
    app.put(
      '/contact-wallet/:contactId',
      {
        onRequest: guard(),
        schema: { tags, params: ZContactParams, body: ZContactWalletsBody, response: { 200: ZContact } },
      },
      (req) =>
        updateContact({ services, tenantId: req.ctx.tenantId, contactId: req.params.contactId, input: req.body }),
    );
    app.delete(
      '/contacts/:contactId',
      { onRequest: guard(managers), schema: { tags, params: ZContactParams, querystring: ZContactDeleteQuery } },
      async (req, reply) => {
        await deleteContact({
          services,
          tenantId: req.ctx.tenantId,
          actor: req.ctx,
          contactId: req.params.contactId,
          force: req.query.force,
        });
        return reply.status(204).send();
      },
    );
    app.post(
      '/contacts/upload',
      {
        onRequest: guard(managers),
        schema: {
          tags,
          consumes: ['application/json', 'text/csv'],
          body: ZContactImportBody,
          response: { 200: ZContactImportResult },
        },
      },
      (req) => importContacts({ services, tenantId: req.ctx.tenantId, csv: req.body.csv }),
    );
    app.post(
      '/contacts/merge',
      {
        onRequest: guard(managers),
        schema: { tags, body: ZMergeContactsBody, response: { 200: ZMergeContactsResult } },
      },
      (req) =>
        mergeContacts({
          services,
          tenantId: req.ctx.tenantId,
          actor: req.ctx,
          survivorId: req.body.survivorId,
          duplicateIds: req.body.duplicateIds,
        }),
    );
  };
