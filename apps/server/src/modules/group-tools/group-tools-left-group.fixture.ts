import { expect, it } from 'vitest';
import { findConnectionRow } from '../../../test/channels.js';
import { adminGroup, type TGroupToolsContext, type TGroupWorld } from './group-tools-world.fixture.js';

const leftGroup = '120363000000000009@g.us';

/**
 * The HTTP gateways (Evolution, Z-API, uazapi, Wuzapi) list a group the number has left without it: an action on
 * it is answered as not found, the other groups of the request still done, and the connection stays up.
 */
export const itAnswersALeftGroupAsNotFound = (world: TGroupWorld, ctx: TGroupToolsContext) =>
  it('answers a group the number left as not found, and keeps the connection up', async () => {
    world.addGroup(leftGroup, 'Antigo', []);
    const res = await ctx.t.request('POST', '/changeTitles', {
      token: ctx.fx.tokens.admin,
      body: { connectionId: ctx.connectionId, groupIds: [leftGroup, adminGroup], title: 'Vendas' },
    });
    expect(res.body.results).toEqual([
      { groupId: leftGroup, ok: false, error: 'ERR_GROUP_NOT_FOUND' },
      { groupId: adminGroup, ok: true },
    ]);
    expect((await findConnectionRow(ctx.t, ctx.connectionId))?.status).toBe('CONNECTED');
  });
