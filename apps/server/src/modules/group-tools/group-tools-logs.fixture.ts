import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/sockets.js';
import { groupScenarioTools } from './group-tools-scenario-tools.fixture.js';
import { adminGroup, memberGroup, type TGroupToolsContext, type TGroupWorld } from './group-tools-world.fixture.js';

/** Each group's log of what the tools did, kept per list and readable by the tenant's admins only. */
export const describeGroupLogScenarios = (world: TGroupWorld, ctx: TGroupToolsContext) => {
  const { call, deletes } = groupScenarioTools(world, ctx);

  describe('logs', () => {
    type TLog = { action: string; members: string[]; detail: string | null; ok: boolean; error: string | null };
    const logsOf = (kind: string, groupId: string, token: string | null = ctx.fx.tokens.admin) =>
      call('GET', `/${kind}/${encodeURIComponent(groupId)}/logs?connectionId=${ctx.connectionId}`, undefined, token);
    const entries = async (kind: string, groupId: string) => {
      const res = await logsOf(kind, groupId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.logs as TLog[]).map(({ action, members, detail, ok, error }) => ({
        action,
        members,
        detail,
        ok,
        error,
      }));
    };
    const done = (action: string, members: string[], detail: string | null = null) => ({
      action,
      members,
      detail,
      ok: true,
      error: null,
    });
    const refused = (action: string, members: string[], error: string, detail: string | null = null) => ({
      action,
      members,
      detail,
      ok: false,
      error,
    });

    it('tells what each tool did in a group and what it could not do, newest first', async () => {
      expect(await entries('banList', adminGroup)).toEqual([done('bannedRemoved', ['5511966660001'])]);
      expect(await entries('banList', memberGroup)).toEqual([
        refused('bannedRemoved', ['5511966660003'], 'ERR_GROUP_NOT_ADMIN'),
      ]);
      expect(await entries('wordList', adminGroup)).toEqual(
        deletes
          ? [done('wordRemoved', ['5511977770002'], 'golpe'), done('wordWarned', ['5511977770002'], 'promoção')]
          : [
              refused('wordRemoved', ['5511977770002'], 'ERR_GROUP_DELETE_UNSUPPORTED', 'golpe'),
              refused('wordWarned', ['5511977770002'], 'ERR_GROUP_DELETE_UNSUPPORTED', 'promoção'),
            ],
      );
      expect(await entries('wordList', memberGroup)).toEqual([
        refused('wordRemoved', ['5511911112222'], 'ERR_GROUP_NOT_ADMIN', 'spam'),
      ]);
      expect(await entries('greetingMessage', adminGroup)).toEqual([done('greetingSent', ['5511966660002'])]);
      expect(await entries('farewellMessage', adminGroup)).toEqual([
        done('farewellSent', ['5511966660007', '99988877766655@lid']),
        done('farewellSent', ['5511966660002']),
      ]);
      expect(await entries('groupFarewellPrivateMessage', adminGroup)).toEqual([
        done('privateFarewellSent', ['5511966660007']),
        refused('privateFarewellSent', ['99988877766655@lid'], 'ERR_GROUP_MEMBER_NO_NUMBER'),
      ]);
      // The messages the tools sent, as they stand.
      await eventually(async () => {
        const res = await logsOf('greetingMessage', adminGroup);
        expect(res.body.logs[0].delivery).toBe('sent');
        expect(res.body).toMatchObject({ count: 1, hasMore: false });
      });
    });

    // Where the provider answers WhatsApp's refusal of a send with a 500 (wuzapi, uazapi) the send is tried again:
    // see `refuseNextSend`.
    it.runIf(world.refuseNextSend !== undefined)(
      'shows a message that could not be sent as not done, with the reason',
      async () => {
        const newcomer = '5511966660011@s.whatsapp.net';
        world.refuseNextSend?.(adminGroup);
        await world.groupChange(adminGroup, [{ id: newcomer }], 'add', null);
        await eventually(async () => {
          const [latest] = (await logsOf('greetingMessage', adminGroup)).body.logs;
          expect(latest).toMatchObject({
            action: 'greetingSent',
            members: ['5511966660011'],
            ok: false,
            error: 'ERR_SENDING_WAPP_MSG',
            delivery: 'failed',
          });
        }, 15_000);
        expect(JSON.stringify(world.texts(adminGroup))).not.toContain('5511966660011');
      },
    );

    it('keeps the walls: no token, agents, another tenant, bad input', async () => {
      expect((await logsOf('banList', adminGroup, null)).status).toBe(401);
      expect((await logsOf('banList', adminGroup, ctx.fx.tokens.agent)).status).toBe(403);
      const stranger = await logsOf('banList', adminGroup, ctx.other.tokens.admin);
      expect(stranger.status).toBe(404);
      expect(stranger.body.field).toBe('connectionId');
      const badGroup = await call('GET', `/banList/nope/logs?connectionId=${ctx.connectionId}`);
      expect(badGroup.status).toBe(400);
      expect(badGroup.body.field).toBe('groupId');
      const noConnection = await call('GET', `/wordList/${encodeURIComponent(adminGroup)}/logs`);
      expect(noConnection.status).toBe(400);
      expect(noConnection.body.field).toBe('connectionId');
    });
  });
};
