import { ChannelGroupError, ChannelSendError } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { applyContactChange } from '../messages/apply-contact-change.js';
import { findContactAddress, findMessage } from '../messages/messages.service.js';
import { sendToGroup } from './group-conversation.js';
import { memberLabel, recordGroupToolLogs } from './group-tool-logs.js';
import { findGroupToolRows, hasWordListForContact } from './group-tools.repository.js';
import { findBannedWord } from './group-words.js';

export const GROUP_WORD_FILTER_LISTENER = 'group-word-filter';

/** Who wrote a group message, as the channel's key names them (the member to delete for, warn or remove). */
const authorOf = (data: unknown) => {
  const participant = (data as { key?: { participant?: unknown } } | null)?.key?.participant;
  return typeof participant === 'string' && participant.includes('@') ? participant : null;
};

/** The text a warned member reads (in the group, mentioned): the product's own words, in Portuguese. */
const warningOf = (author: string) =>
  `@${author.split('@')[0]} sua mensagem foi apagada porque contém uma palavra proibida neste grupo.`;

/**
 * The word list as a `once` listener of `message.received`: a group message with a banned word (compared
 * without case or accents) is deleted for everyone, and its sender warned in the group or removed, as the
 * word's entry says. Only messages of groups with a word list on their connection write a job.
 */
export const groupWordFilterListener = (
  services: Pick<TServices, 'db' | 'events' | 'outbound' | 'channels' | 'log'>,
): TEventListener<'message.received'> => ({
  name: GROUP_WORD_FILTER_LISTENER,
  events: ['message.received'],
  scope: 'once',
  attempts: 3,
  concerns: async (tx, event) =>
    event.ticket.isGroup &&
    event.connectionId !== null &&
    (await hasWordListForContact(tx, event.tenantId, event.connectionId, event.contactId)),
  handle: async (event) => {
    const { tenantId, connectionId } = event;
    if (!event.ticket.isGroup || connectionId === null) return;
    const found = await withTenant(services.db, tenantId, async (tx) => {
      const group = (await findContactAddress(tx, tenantId, event.contactId)).find((a) => a.kind === 'group');
      const groupId = group ? `${group.value}@g.us` : null;
      return {
        groupId,
        message: await findMessage(tx, tenantId, event.messageId),
        connection: await findConnection(tx, tenantId, connectionId),
        words: groupId ? await findGroupToolRows(tx, tenantId, 'wordList', { connectionId, groupId }) : [],
      };
    });
    const { groupId, message, connection } = found;
    if (!groupId || !message || message.fromMe || !message.messageId || !connection) return;
    const hit = findBannedWord(message.body, found.words);
    const author = authorOf(message.dataJson);
    const admin = services.channels.groupAdmin(connection);
    if (!hit || !author || !admin) return;

    const log = {
      connectionId,
      groupId,
      action: hit.action === 'remove' ? ('wordRemoved' as const) : ('wordWarned' as const),
      members: [memberLabel({ id: author })],
      detail: hit.word,
    };
    try {
      // WhatsApp lets only admins delete members' messages: where our number is not, nothing is tried.
      if (!(await admin.get(connection, groupId)).isAdmin) throw new ChannelGroupError('ERR_GROUP_NOT_ADMIN');
      await admin.deleteMessage(connection, groupId, { externalId: message.messageId, participant: author });
      // Agents see it deleted too, as when its sender deletes it.
      await applyContactChange(services, { tenantId, connectionId, externalId: message.messageId, kind: 'revoke' });
      if (hit.action === 'remove') await admin.updateParticipants(connection, groupId, [author], 'remove');
    } catch (err) {
      // The socket runs on another instance: tried again (the next try may land there).
      if (err instanceof ChannelSendError && err.retryable) throw err;
      // Our number is not admin of the group (or the session dropped): nothing more can be done here.
      services.log.warn({ err, groupId, messageId: message.id }, 'banned word not enforced');
      const error = err instanceof ChannelGroupError ? err.code : 'ERR_GROUP_ACTION_FAILED';
      return recordGroupToolLogs(services, tenantId, [{ ...log, error }]);
    }
    if (hit.action === 'remove') return recordGroupToolLogs(services, tenantId, [log]);
    await sendToGroup(
      services,
      { tenantId, id: connectionId },
      {
        groupId,
        groupName: '',
        body: warningOf(author),
        mentions: [author],
        sendType: 'groupWarning',
        log,
      },
    );
  },
});
