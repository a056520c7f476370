import {
  fillVariables,
  groupCampaignKinds,
  messagePreview,
  renderTemplate,
  type TCampaignKind,
  type TMessageTemplate,
  type TTicket,
  type TVariableValues,
} from '@prosa/contracts';
import type { TAddress } from '../../../channels/host/modules-door.js';
import type { TExecutor } from '../../../platform/db/client.js';
import type { TServices } from '../../../platform/services.js';
import type { TConnectionRow } from '../../connections/connections.service.js';
import type { TContactRow } from '../../contacts/contacts.service.js';
import { contentTypeOf } from '../../messages/media-upload.js';
import { queueAutomaticMessage } from '../../messages/messages.service.js';
import { updateTicketRow } from '../../tickets/tickets.service.js';
import { type TCampaignContactRow, type TCampaignRow, updateCampaignContact } from './engine.repository.js';

export type TSendDeps = Pick<TServices, 'events' | 'outbound' | 'channels'>;

/** What one engine step shares between its contacts. */
export type TSendContext = {
  campaign: TCampaignRow;
  connection: TConnectionRow;
  at: Date;
  timeZone: string;
  /** The tenant's own variables ({{empresa}} ...), under the contact's. */
  tenantVariables: TVariableValues;
  /** The approved template of a template campaign, as synced from the provider. */
  template: TMessageTemplate | undefined;
  /** Replies kept in the campaign's closed ticket until then; null: a reply opens a pending ticket. */
  quietUntil: Date | null;
  optedOut: Set<number>;
  random: () => number;
};

const mediaKindOf = (mediaType: string | null) => mediaType ?? 'document';

/** The text (or the template's parameters) for one contact: its name, number, e-mail and CSV columns. */
const render = (context: TSendContext, contact: TContactRow, row: TCampaignContactRow) => {
  const values: TVariableValues = {
    ...context.tenantVariables,
    name: contact.name,
    firstName: contact.name.split(' ')[0] ?? '',
    email: contact.email ?? '',
    phoneNumber: contact.number ?? '',
    ...row.variables,
  };
  const fill = (text: string) => fillVariables(text, values, { timeZone: context.timeZone, at: context.at });
  const { campaign, template } = context;
  if (campaign.template && template) {
    const params = {
      headerParams: campaign.template.headerParams.map(fill),
      bodyParams: campaign.template.bodyParams.map(fill),
    };
    const send = {
      name: template.name,
      language: template.language,
      headerVariables: template.headerVariables,
      bodyVariables: template.bodyVariables,
      ...params,
    };
    return { variant: 1, body: renderTemplate(template, params), template: send };
  }
  const index = Math.floor(context.random() * campaign.messages.length);
  return { variant: index + 1, body: fill(campaign.messages[index] ?? ''), template: undefined };
};

/** Why a contact is not sent to (opted out, a group, no address the channel delivers to), or null. */
export const skipReason = (
  deps: TSendDeps,
  context: TSendContext,
  contact: TContactRow | undefined,
  addresses: readonly TAddress[],
): string | null => {
  // Group kinds go to groups, every other kind to people.
  const forGroups = groupCampaignKinds.includes(context.campaign.kind as TCampaignKind);
  if (!contact || contact.isGroup !== forGroups) return 'ERR_WAPP_INVALID_CONTACT';
  if (context.optedOut.has(contact.id)) return 'opt_out';
  if (!deps.channels.target(context.campaign.tenantId, context.connection, addresses))
    return 'ERR_WAPP_INVALID_CONTACT';
  return null;
};

export const skipContact = (tx: TExecutor, row: TCampaignContactRow, reason: string) =>
  updateCampaignContact(tx, row.tenantId, row.id, { state: 'skipped', failureReason: reason });

/**
 * One contact's turn, in the engine step's transaction: its message written on its ticket (the contact's
 * active one, or the closed one the step opened) and handed to the outbound queue, the row marked queued with
 * the variant and the message. The commit makes both at once: a crash before it sends nothing, after it the
 * outbound queue owns the send (at most once), so no contact is sent twice.
 */
export const queueForContact = async (
  deps: TSendDeps,
  tx: TExecutor,
  context: TSendContext,
  row: TCampaignContactRow,
  contact: TContactRow,
  ticket: TTicket,
): Promise<void> => {
  const { campaign } = context;
  const { tenantId } = campaign;
  const { variant, body, template } = render(context, contact, row);
  const media = campaign.mediaUrl
    ? {
        url: campaign.mediaUrl,
        name: campaign.mediaName ?? 'arquivo',
        mime: contentTypeOf(campaign.mediaUrl),
        size: 0,
        mediaType: mediaKindOf(campaign.mediaType),
      }
    : undefined;
  const message = await queueAutomaticMessage(deps, tx, tenantId, ticket, {
    body,
    sendType: 'campaign',
    at: context.at,
    ...(media ? { media } : {}),
    ...(template ? { template } : {}),
    ...(campaign.kind === 'grupos-mencao' ? { mentionAll: true } : {}),
  });
  if (!message) return void (await skipContact(tx, row, 'ERR_SENDING_WAPP_MSG'));
  if (ticket.status !== 'closed')
    await updateTicketRow(tx, tenantId, ticket.id, {
      lastMessage: messagePreview(body, media?.mediaType ?? 'chat'),
      lastMessageAt: context.at,
    });
  await updateCampaignContact(tx, tenantId, row.id, {
    state: 'queued',
    variant,
    body,
    messageId: message.id,
    ticketId: ticket.id,
    queuedAt: context.at,
    failureReason: null,
  });
};
