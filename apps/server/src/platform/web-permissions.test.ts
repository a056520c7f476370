import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accessMatrix, allowedProfiles } from '../../test/access-matrix.js';

// The web hides what a role cannot do with its own table (`apps/web/src/app/access/permissions.ts`). It mirrors
// the server's route guards; this test is what keeps the two from drifting: each web action names the routes
// whose guard decides it, and the profiles must be the same on both sides.

/** The routes whose guard decides each web action. */
const decidedBy: Record<string, readonly string[]> = {
  'connections.manage': [
    'POST /whatsapp',
    'PUT /whatsapp/:whatsappId',
    'DELETE /whatsapp/:whatsappId',
    'POST /whatsappsession/:whatsappId',
    'PUT /whatsapp/:whatsappId/proxy',
  ],
  'queues.manage': ['POST /queue', 'PUT /queue/:id', 'DELETE /queue/:id'],
  'users.manage': ['POST /users', 'DELETE /users/:id'],
  'catalog.manage': [
    'POST /tags',
    'POST /variables',
    'DELETE /variables/:id',
    'DELETE /tags/:id',
    'POST /fastreply',
    'POST /reasons',
    'DELETE /reasons/:id',
  ],
  'contacts.manage': ['DELETE /contacts/:contactId', 'POST /contacts/upload', 'POST /contacts/merge'],
  'businessHours.manage': [
    'PUT /tenants/business-hours',
    'PUT /tenants/holidays',
    'PUT /tenants/message-business-hours',
    'PUT /tenants/timezone',
  ],
  'settings.manage': ['PUT /settings/:key'],
  'autoReplies.manage': ['POST /auto-reply', 'DELETE /auto-reply/:id', 'POST /auto-reply-action'],
  'chatFlows.manage': ['POST /chat-flow', 'PUT /chat-flow/:id', 'DELETE /chat-flow/:id'],
  'tickets.delete': ['DELETE /tickets/:ticketId'],
  'templates.manage': ['POST /whatsapp/:id/templates/sync'],
  'birthdays.manage': ['GET /birthdays/settings', 'PUT /birthdays/settings', 'POST /messages/sendBirthday'],
  'campaigns.manage': ['GET /campaigns', 'POST /campaigns', 'POST /campaigns/start/:id', 'POST /bulk'],
};

/**
 * Actions a handler decides from the body or query rather than the route guard; their own integration tests
 * cover them (contacts.int.test.ts `force`, farewell messages `shared`).
 */
const decidedInHandler = ['contacts.forceDelete', 'farewell.share'];

const loadWebPermissions = async (): Promise<Record<string, readonly string[]>> => {
  // A path built at run time: the server's type check stays out of the web project.
  const file = path.resolve(import.meta.dirname, '../../../web/src/app/access/permissions.ts');
  return ((await import(pathToFileURL(file).href)) as { permissions: Record<string, readonly string[]> }).permissions;
};

describe('the web permission table agrees with the server', () => {
  it('names the deciding routes of every action', async () => {
    const actions = Object.keys(await loadWebPermissions()).sort();
    expect(actions).toEqual([...Object.keys(decidedBy), ...decidedInHandler].sort());
  });

  it.each(Object.entries(decidedBy))('%s: same profiles as its routes', async (action, routes) => {
    const web = [...((await loadWebPermissions())[action] ?? [])].sort();
    for (const route of routes) {
      const access = accessMatrix[route];
      expect(access, route).toBeDefined();
      if (!access || access.level === 'public') throw new Error(`${route} is public`);
      const level = access.level.startsWith('self|') ? (access.level.slice(5) as 'supervisor' | 'admin') : access.level;
      expect([...allowedProfiles[level]].sort(), `${action} vs ${route}`).toEqual(web);
    }
  });
});
