import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/sockets.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { groupScenarioTools } from './group-tools-scenario-tools.fixture.js';
import {
  adminGroup,
  memberGroup,
  ourJid,
  rita,
  type TGroupToolsContext,
  type TGroupWorld,
} from './group-tools-world.fixture.js';

/** The enforcement on joins, leaves and messages: ban list, greetings, farewells, the word list. */
export const describeEnforcementScenarios = (world: TGroupWorld, ctx: TGroupToolsContext) => {
  const { call, filtered, members, deletes } = groupScenarioTools(world, ctx);

  describe('enforcement', () => {
    it('removes a banned number as soon as it joins, and greets the others', async () => {
      const scope = { connectionId: ctx.connectionId, groupId: adminGroup };
      expect((await call('POST', '/banList', { ...scope, number: '5511966660001' })).status).toBe(201);
      const greeting = await call('POST', '/greetingMessage', {
        ...scope,
        message: 'Bem-vindo, {{name}}, ao {{group}}!',
      });
      expect(greeting.status).toBe(201);
      const intruder = '5511966660001@s.whatsapp.net';
      const newcomer = '5511966660002@s.whatsapp.net';
      await world.groupChange(adminGroup, [{ id: intruder }, { id: newcomer }], 'add', null);
      await eventually(() => {
        expect(members(adminGroup)).not.toContain(intruder);
        expect(members(adminGroup)).toContain(newcomer);
      });
      expect(world.calls(adminGroup)).toContainEqual({ kind: 'participants', args: [[intruder], 'remove'] });
      await eventually(() => {
        expect(world.texts(adminGroup)).toContainEqual({
          text: 'Bem-vindo, @5511966660002, ao Vendas 2026!',
          mentions: [newcomer],
        });
      }, 15_000);
      // The intruder was not greeted.
      expect(JSON.stringify(world.texts(adminGroup))).not.toContain('5511966660001');
    });

    it('says goodbye to a member who leaves when the group has a farewell', async () => {
      const farewell = { connectionId: ctx.connectionId, groupId: adminGroup, message: 'Até logo, {{name}}.' };
      expect((await call('POST', '/farewellMessage', farewell)).status).toBe(201);
      await world.groupChange(adminGroup, [{ id: '5511966660002@s.whatsapp.net' }], 'remove', null);
      await eventually(() => {
        expect(world.texts(adminGroup)).toContainEqual({ text: 'Até logo, @5511966660002.', mentions: [] });
      }, 15_000);
    });

    it('sends the private farewell to who leaves, in their own conversation, not to the banned', async () => {
      const scope = { connectionId: ctx.connectionId, groupId: adminGroup };
      const created = await call('POST', '/groupFarewellPrivateMessage', {
        ...scope,
        message: 'Obrigado por participar do {{group}}, {{name}}!',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const leaver = '5511966660007@s.whatsapp.net';
      // On the ban list (removed on joining above), and a member known by a LID alone.
      const banned = '5511966660001@s.whatsapp.net';
      const lidOnly = '99988877766655@lid';
      await world.groupChange(adminGroup, [{ id: banned }, { id: leaver }, { id: lidOnly }], 'remove', null);
      await eventually(() => {
        expect(world.privateTexts('5511966660007')).toEqual([
          'Obrigado por participar do Vendas 2026, +5511966660007!',
        ]);
        expect(world.texts(adminGroup)).toContainEqual({
          text: 'Até logo, @5511966660007, @99988877766655.',
          mentions: [],
        });
      }, 15_000);
      // One private farewell in all, on a closed ticket of the member's own: no agent's list grew.
      const sent = await ctx.t.db
        .select({ status: tickets.status, isGroup: tickets.isGroup })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .where(and(eq(messages.tenantId, ctx.fx.tenantId), eq(messages.sendType, 'groupFarewellPrivate')));
      expect(sent).toEqual([{ status: 'closed', isGroup: false }]);
      expect(world.privateTexts('5511966660001')).toEqual([]);
    });

    it.runIf(deletes)('deletes a message with a banned word for everyone and warns its sender', async () => {
      const word = { connectionId: ctx.connectionId, groupId: adminGroup, word: 'promoção', action: 'warn' };
      expect((await call('POST', '/wordList', word)).status).toBe(201);
      await world.receive(adminGroup, [
        { participant: rita, id: 'GRPWORD1', text: 'Olha essa PROMOCAO imperdível', pushName: 'Rita' },
      ]);
      await eventually(() => {
        expect(world.deleted(adminGroup)).toContainEqual({ id: 'GRPWORD1', participant: rita });
        expect(world.texts(adminGroup)).toContainEqual({
          text: '@5511977770002 sua mensagem foi apagada porque contém uma palavra proibida neste grupo.',
          mentions: [rita],
        });
      }, 15_000);
      expect(members(adminGroup)).toContain(rita);
      // The agents see it deleted as well.
      const [stored] = await ctx.t.db.select().from(messages).where(eq(messages.messageId, 'GRPWORD1'));
      expect(stored?.isDeleted).toBe(true);
    });

    it.runIf(deletes)('removes the sender when the word says so, and lets clean messages be', async () => {
      const word = { connectionId: ctx.connectionId, groupId: adminGroup, word: 'golpe', action: 'remove' };
      expect((await call('POST', '/wordList', word)).status).toBe(201);
      const before = world.deleted(adminGroup).length;
      await world.receive(adminGroup, [
        { participant: rita, id: 'GRPCLEAN1', text: 'Bom dia, pessoal', pushName: 'Rita' },
        { participant: rita, id: 'GRPWORD2', text: 'isso é GOLPE', pushName: 'Rita' },
      ]);
      await eventually(() => expect(members(adminGroup)).not.toContain(rita), 15_000);
      await filtered('GRPCLEAN1');
      expect(world.deleted(adminGroup).slice(before)).toEqual([{ id: 'GRPWORD2', participant: rita }]);
    });

    it.runIf(!deletes)("where the gateway cannot delete members' messages, banned words are only logged", async () => {
      const scope = { connectionId: ctx.connectionId, groupId: adminGroup };
      expect((await call('POST', '/wordList', { ...scope, word: 'promoção', action: 'warn' })).status).toBe(201);
      expect((await call('POST', '/wordList', { ...scope, word: 'golpe', action: 'remove' })).status).toBe(201);
      const texts = world.texts(adminGroup).length;
      await world.receive(adminGroup, [
        { participant: rita, id: 'GRPWORD1', text: 'Olha essa PROMOCAO imperdível', pushName: 'Rita' },
      ]);
      await filtered('GRPWORD1');
      await world.receive(adminGroup, [{ participant: rita, id: 'GRPWORD2', text: 'isso é GOLPE', pushName: 'Rita' }]);
      await filtered('GRPWORD2');
      expect(world.deleted(adminGroup)).toEqual([]);
      expect(world.texts(adminGroup)).toHaveLength(texts);
      expect(members(adminGroup)).toContain(rita);
      const [stored] = await ctx.t.db.select().from(messages).where(eq(messages.messageId, 'GRPWORD1'));
      expect(stored?.isDeleted).toBe(false);
    });

    it('where the number is not admin, banned members and words stay, and nothing fails', async () => {
      const scope = { connectionId: ctx.connectionId, groupId: memberGroup };
      await call('POST', '/banList', { ...scope, number: '5511966660003' });
      await call('POST', '/wordList', { ...scope, word: 'spam', action: 'remove' });
      const intruder = '5511966660003@s.whatsapp.net';
      await world.groupChange(memberGroup, [{ id: intruder }], 'add', null);
      // WhatsApp refused the removal (403): the member stays.
      await eventually(() => {
        expect(world.calls(memberGroup)).toContainEqual({ kind: 'participants', args: [[intruder], 'remove'] });
      });
      expect(members(memberGroup)).toContain(intruder);
      await world.receive(memberGroup, [
        { participant: '5511911112222@s.whatsapp.net', id: 'GRPSPAM1', text: 'compre já, spam', pushName: 'Síndico' },
      ]);
      await filtered('GRPSPAM1');
      expect(world.texts(memberGroup)).toEqual([]);
      expect(world.deleted(memberGroup)).toEqual([]);
    });

    it('does not greet our own number when it is added to a group', async () => {
      const groupId = '120363000000000003@g.us';
      world.addGroup(groupId, 'Fornecedores', [{ id: '5511922223333@s.whatsapp.net', admin: 'superadmin' }]);
      await call('POST', '/greetingMessage', { connectionId: ctx.connectionId, groupId, message: 'Oi {{name}}' });
      await world.groupChange(groupId, [{ id: ourJid }], 'add', '5511922223333@s.whatsapp.net');
      await world.groupChange(groupId, [{ id: '5511922224444@s.whatsapp.net' }], 'add', null);
      await eventually(() => expect(world.texts(groupId).length).toBeGreaterThan(0), 15_000);
      expect(world.texts(groupId)).toEqual([{ text: 'Oi @5511922224444', mentions: ['5511922224444@s.whatsapp.net'] }]);
    });
  });
};
