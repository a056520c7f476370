import {
  renderTemplate,
  type TMessage,
  type TMessageTemplate,
  type TMessageTemplateList,
  type TSendTemplate,
  type TServiceWindow,
} from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection, type TConnectionRow, updateConnectionRow } from '../connections/connections.service.js';
import { findLastInboundAt } from '../messages/messages.service.js';
import { sendMessage } from '../messages/send-message.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';

type TTemplateServices = Pick<TServices, 'db' | 'channels' | 'events' | 'outbound'>;

/** Templates are kept on the connection's settings, as last synced from the provider. */
type TStoredTemplates = { templates?: TMessageTemplate[]; templatesSyncedAt?: string };

const stored = (connection: TConnectionRow) => connection.config as TStoredTemplates;

const loadConnection = async (tx: TExecutor, tenantId: number, connectionId: number) => {
  const connection = await findConnection(tx, tenantId, connectionId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  return connection;
};

const toList = (connection: TConnectionRow, supported: boolean): TMessageTemplateList => ({
  supported,
  templates: supported ? (stored(connection).templates ?? []) : [],
  syncedAt: supported ? (stored(connection).templatesSyncedAt ?? null) : null,
});

/**
 * POST /whatsapp/:id/templates/sync: fetches every template of the account from the provider and keeps
 * them on the connection (replacing the previous list: deleted or renamed ones disappear).
 */
export const syncTemplates = async (
  services: TTemplateServices,
  ctx: TRequestContext,
  connectionId: number,
): Promise<TMessageTemplateList> => {
  const connection = await withTenant(services.db, ctx.tenantId, (tx) =>
    loadConnection(tx, ctx.tenantId, connectionId),
  );
  const templates = await services.channels.templates(connection);
  if (!templates) return toList(connection, false);
  const updated = await withTenant(services.db, ctx.tenantId, async (tx) => {
    // Re-read under the transaction: the settings may have changed while the provider answered.
    const current = await loadConnection(tx, ctx.tenantId, connectionId);
    const config = { ...current.config, templates, templatesSyncedAt: new Date().toISOString() };
    return (await updateConnectionRow(tx, ctx.tenantId, connectionId, { config })) ?? current;
  });
  return toList(updated, true);
};

/** GET /whatsapp/:id/templates: the synced list; synced on the first call of a connection that has none. */
export const listTemplates = async (
  services: TTemplateServices,
  ctx: TRequestContext,
  connectionId: number,
): Promise<TMessageTemplateList> => {
  const connection = await withTenant(services.db, ctx.tenantId, (tx) =>
    loadConnection(tx, ctx.tenantId, connectionId),
  );
  const supported = services.channels.abilities(connection.type).templates;
  if (supported && !stored(connection).templatesSyncedAt) return syncTemplates(services, ctx, connectionId);
  return toList(connection, supported);
};

/**
 * POST /messages/:ticketId/template: an approved template with its placeholders filled. It goes even when
 * the customer-service window is closed (that is what templates are for); the agent's side shows the text
 * the customer reads.
 */
export const sendTemplate = async (
  services: TTemplateServices,
  ctx: TRequestContext,
  ticketId: number,
  input: TSendTemplate,
): Promise<TMessage> => {
  const template = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row: ticket } = await loadVisibleTicket(tx, ctx, ticketId);
    if (!ticket.whatsappId) throw new AppError('ERR_NO_WAPP_FOUND');
    const connection = await loadConnection(tx, ctx.tenantId, ticket.whatsappId);
    return (stored(connection).templates ?? []).find(
      (candidate) => candidate.name === input.name && candidate.language === input.language && candidate.sendable,
    );
  });
  if (!template) throw new AppError('ERR_TEMPLATE_NOT_FOUND');
  for (const [field, variables, params] of [
    ['headerParams', template.headerVariables, input.headerParams],
    ['bodyParams', template.bodyVariables, input.bodyParams],
  ] as const)
    if (params.length !== variables.length)
      throw new AppError('ERR_VALIDATION', { field, detail: `expected ${variables.length} values` });
  return sendMessage(services, ctx, ticketId, {
    body: renderTemplate(template, input),
    idFront: input.idFront,
    template: {
      name: template.name,
      language: template.language,
      headerVariables: template.headerVariables,
      bodyVariables: template.bodyVariables,
      headerParams: input.headerParams,
      bodyParams: input.bodyParams,
    },
  });
};

/** GET /tickets/:ticketId/service-window: whether the agent may write freely now, and until when. */
export const serviceWindow = (
  services: TTemplateServices,
  ctx: TRequestContext,
  ticketId: number,
): Promise<TServiceWindow> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row: ticket } = await loadVisibleTicket(tx, ctx, ticketId);
    const connection = ticket.whatsappId ? await findConnection(tx, ctx.tenantId, ticket.whatsappId) : undefined;
    const channel = connection ? services.channels.abilities(connection.type) : undefined;
    const hours = channel?.serviceWindowHours;
    if (!connection || !hours) return { hours: null, open: true, endsAt: null, templates: false };
    const last = await findLastInboundAt(tx, ctx.tenantId, ticket.contactId, connection.id);
    const endsAt = last === null ? null : last + hours * 3_600_000;
    return {
      hours,
      open: endsAt !== null && endsAt > Date.now(),
      endsAt: endsAt ? new Date(endsAt).toISOString() : null,
      templates: channel.templates,
    };
  });
