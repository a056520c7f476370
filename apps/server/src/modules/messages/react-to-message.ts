import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { changeMessage, type TMessageServices } from './change-message.js';

/** POST /messages/:messageId/reaction: the agent's reaction (empty emoji removes it). */
export const reactToMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number, emoji: string) =>
  changeMessage(services, ctx, messageId, (row) => {
    const others = row.reactions.filter((reaction) => !(reaction.fromMe && reaction.userId === ctx.userId));
    return { reactions: emoji ? [...others, { emoji, fromMe: true, userId: ctx.userId }] : others };
  });
