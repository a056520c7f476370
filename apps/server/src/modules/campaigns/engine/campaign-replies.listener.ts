import { CAMPAIGN_REPLY_WINDOW_HOURS, parseOptOutWords } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { concernedByContact } from '../../../platform/events/deferred-concerns.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { findMessage } from '../../messages/messages.service.js';
import { getTenantSettings } from '../../settings/settings.reader.js';
import { findContactsWithRepliable, findRepliable, insertOptOut, updateCampaignContact } from './engine.repository.js';

const WINDOW_MS = CAMPAIGN_REPLY_WINDOW_HOURS * 3_600_000;

/** "Sair!", " sair ", "SAÍR" all read as SAIR: case, accents, spaces and punctuation aside. */
export const normaliseWord = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();

/**
 * A customer's message after a campaign reached them (within the reply window) is that send's reply: its time
 * is recorded once. A reply that is only an opt-out word (the tenant's `campaignOptOutWords`) opts the contact
 * out of every later campaign. Runs once across instances, only for contacts with such a send (an indexed read
 * decides before the job is written, so the inbound path of everyone else pays one lookup).
 */
export const campaignRepliesListener = (
  services: Pick<TServices, 'db' | 'events'>,
): TEventListener<'message.received'> => ({
  name: 'campaigns-replies',
  events: ['message.received'],
  scope: 'once',
  // One read for the transaction's messages: the earliest window covers them all (`handle` checks its own).
  concernsAll: (tx, events) => {
    const since = new Date(Math.min(...events.map((event) => Date.parse(event.occurredAt))) - WINDOW_MS);
    return concernedByContact(events, (tenantId, contactIds) =>
      findContactsWithRepliable(tx, tenantId, contactIds, since),
    );
  },
  handle: (event) =>
    withTenant(services.db, event.tenantId, async (tx) => {
      const at = new Date(event.occurredAt);
      const row = await findRepliable(tx, event.tenantId, event.contactId, new Date(at.getTime() - WINDOW_MS));
      if (!row) return;
      await updateCampaignContact(tx, event.tenantId, row.id, { repliedAt: at });
      await services.events.publish(tx, {
        type: 'campaign.changed',
        tenantId: event.tenantId,
        campaignId: row.campaignId,
      });
      const message = await findMessage(tx, event.tenantId, event.messageId);
      const words = parseOptOutWords((await getTenantSettings(tx, event.tenantId)).campaignOptOutWords).map(
        normaliseWord,
      );
      const answer = normaliseWord(message?.body ?? '');
      if (answer && words.includes(answer))
        await insertOptOut(tx, event.tenantId, {
          contactId: event.contactId,
          word: answer,
          campaignId: row.campaignId,
        });
    }),
});
