import type { TVisitorMessage } from '../routes/webchat-history';

/**
 * Which messages show above the "conversation ended" notice and which below it. The notice comes as the
 * ticket closes, and what the business sends with the close (the rating's thanks, the farewell) goes out just
 * after it: those belong to the conversation that ended. Below sits only what follows the visitor's first
 * message after the end, the one that starts a new conversation.
 */
export const splitAtEnd = (messages: TVisitorMessage[], endedAt: number | null) => {
  if (endedAt === null) return { beforeEnd: messages, afterEnd: [] };
  const start = messages.findIndex((message) => message.fromMe && message.timestamp > endedAt);
  if (start === -1) return { beforeEnd: messages, afterEnd: [] };
  return { beforeEnd: messages.slice(0, start), afterEnd: messages.slice(start) };
};
