import multipart from '@fastify/multipart';
import {
  ZChangeDescriptions,
  ZChangePicturesUrl,
  ZChangeTitles,
  ZCreateGroups,
  ZCreateGroupsResult,
  ZGroupById,
  ZGroupByIdResult,
  ZGroupParticipantsChange,
  ZGroupParticipantsChangeResult,
  ZGroupResults,
  ZListGroups,
  ZListGroupsResult,
  ZListParticipants,
  ZListParticipantsResult,
  ZSetAdminsOnly,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TGroupMemberAction } from '../../channels/host/modules-door.js';
import type { TServices } from '../../platform/services.js';
import { changeGroups, changeParticipants, getGroup, listGroups, listParticipants } from './group-actions.js';
import { createGroups } from './group-create.js';
import { changePicturesFromFile, changePicturesFromUrl } from './group-pictures.js';
import { GROUP_TOOL_MANAGERS } from './group-tools.routes.js';

/** The group actions (domain §4.6, all POST): each answers one result per group, never a 500 for one group. */
export const groupActionsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = services.guard(GROUP_TOOL_MANAGERS);
    const tags = ['group-tools'];
    // /changePicturesFile: one image (two get through the parser so a second is a 400 naming `file`, not 413).
    await app.register(multipart, {
      limits: { fileSize: services.config.mediaMaxBytes, files: 2, fields: 5, fieldSize: 70_000 },
    });
    app.post(
      '/listGroup',
      { onRequest, schema: { tags, body: ZListGroups, response: { 200: ZListGroupsResult } } },
      (req) => listGroups(services, req.ctx, req.body.connectionId),
    );
    app.post(
      '/listGroupById',
      { onRequest, schema: { tags, body: ZGroupById, response: { 200: ZGroupByIdResult } } },
      (req) => getGroup(services, req.ctx, req.body),
    );
    app.post(
      '/createGroups',
      { onRequest, schema: { tags, body: ZCreateGroups, response: { 200: ZCreateGroupsResult } } },
      (req) => createGroups(services, req.ctx, req.body),
    );
    app.post(
      '/listParticipants',
      { onRequest, schema: { tags, body: ZListParticipants, response: { 200: ZListParticipantsResult } } },
      (req) => listParticipants(services, req.ctx, req.body),
    );
    app.post(
      '/changeTitles',
      { onRequest, schema: { tags, body: ZChangeTitles, response: { 200: ZGroupResults } } },
      (req) => changeGroups(services, req.ctx, req.body, { kind: 'title', title: req.body.title }),
    );
    app.post(
      '/changeDescriptions',
      { onRequest, schema: { tags, body: ZChangeDescriptions, response: { 200: ZGroupResults } } },
      (req) => changeGroups(services, req.ctx, req.body, { kind: 'description', description: req.body.description }),
    );
    app.post(
      '/setAdminsOnlyForGroups',
      { onRequest, schema: { tags, body: ZSetAdminsOnly, response: { 200: ZGroupResults } } },
      (req) => changeGroups(services, req.ctx, req.body, { kind: 'adminsOnly', adminsOnly: req.body.adminsOnly }),
    );
    app.post(
      '/changePicturesUrl',
      { onRequest, schema: { tags, body: ZChangePicturesUrl, response: { 200: ZGroupResults } } },
      (req) => changePicturesFromUrl(services, req.ctx, req.body),
    );
    app.post(
      '/changePicturesFile',
      { onRequest, schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZGroupResults } } },
      (req) => changePicturesFromFile(services, req.ctx, req),
    );
    const memberRoutes: [string, TGroupMemberAction][] = [
      ['/promoteParticipantsInGroups', 'promote'],
      ['/demoteParticipantsInGroups', 'demote'],
      ['/addParticipantsToGroups', 'add'],
      ['/removeParticipantsFromGroups', 'remove'],
    ];
    for (const [path, action] of memberRoutes)
      app.post(
        path,
        {
          onRequest,
          schema: { tags, body: ZGroupParticipantsChange, response: { 200: ZGroupParticipantsChangeResult } },
        },
        (req) => changeParticipants(services, req.ctx, req.body, action),
      );
  };
