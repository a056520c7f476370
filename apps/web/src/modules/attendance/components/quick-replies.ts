import type { TTicket } from '@prosa/contracts';
import { i18n } from '../../../app/i18n/i18n';
import type { TFastReply } from '../api/lookups-api';

/** The text after a leading "/" while the agent picks a quick message; null when the composer is not in that mode. */
export const quickReplyQuery = (text: string): string | null => {
  if (!text.startsWith('/')) return null;
  const query = text.slice(1);
  // A line break or a long text means the agent is writing, not picking.
  if (query.includes('\n') || query.length > 60) return null;
  return query;
};

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Quick messages whose shortcut or text contains what was typed after "/" (shortcut matches first). */
export const filterFastReplies = (replies: readonly TFastReply[], query: string, limit = 8): TFastReply[] => {
  const wanted = normalize(query.trim());
  if (!wanted) return replies.slice(0, limit);
  const byKey = replies.filter((reply) => normalize(reply.key).includes(wanted));
  const byText = replies.filter((reply) => !byKey.includes(reply) && normalize(reply.message).includes(wanted));
  return [...byKey, ...byText].slice(0, limit);
};

/** {{greeting}}: Bom dia (06-11h), Boa tarde (12-17h), Boa noite otherwise. */
const greetingFor = (hour: number): string => {
  if (hour >= 6 && hour < 12) return i18n.t('attendance.greeting.morning');
  if (hour >= 12 && hour < 18) return i18n.t('attendance.greeting.afternoon');
  return i18n.t('attendance.greeting.evening');
};

/** Fill the template variables the family offers ({{name}}, {{greeting}}, {{protocol}}, ...); unknown ones stay. */
export const fillQuickReply = (
  message: string,
  ticket: Pick<TTicket, 'name' | 'protocol' | 'contact'>,
  agentName: string,
  now = new Date(),
): string => {
  const values: Record<string, string> = {
    name: ticket.contact.name || ticket.name,
    greeting: greetingFor(now.getHours()),
    protocol: ticket.protocol ?? '',
    email: ticket.contact.email ?? '',
    phoneNumber: ticket.contact.number ?? '',
    user: agentName,
  };
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => values[key] ?? match);
};
