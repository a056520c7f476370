import type { FastifyInstance } from 'fastify';
import { assistantsRoutes } from './modules/assistants/assistants.routes.js';
import { botsRoutes } from './modules/assistants/bots.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { autoRepliesRoutes } from './modules/auto-replies/auto-replies.routes.js';
import { birthdaysRoutes } from './modules/birthdays/birthdays.routes.js';
import { bulkRoutes } from './modules/campaigns/bulk.routes.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { chatFlowsRoutes } from './modules/chat-flows/chat-flows.routes.js';
import { connectionsRoutes } from './modules/connections/connections.routes.js';
import { platformConnectionsRoutes } from './modules/connections/platform-connections.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { farewellMessagesRoutes } from './modules/farewell-messages/farewell-messages.routes.js';
import { fastRepliesRoutes } from './modules/fast-replies/fast-replies.routes.js';
import { groupActionsRoutes } from './modules/group-tools/group-actions.routes.js';
import { groupToolsRoutes } from './modules/group-tools/group-tools.routes.js';
import { dashboardRoutes } from './modules/insight/dashboard/dashboard.routes.js';
import { insightRoutes } from './modules/insight/facts/insight.routes.js';
import { monitorRoutes } from './modules/insight/monitor/monitor.routes.js';
import { reportsRoutes } from './modules/insight/reports/reports.routes.js';
import { browseMessagesRoutes } from './modules/messages/browse-messages.routes.js';
import { exportTranscriptRoutes } from './modules/messages/export-transcript.routes.js';
import { forwardMessagesRoutes } from './modules/messages/forward-messages.routes.js';
import { groupMessagesRoutes } from './modules/messages/group-messages.routes.js';
import { mediaRoutes } from './modules/messages/media.routes.js';
import { messageAliasesRoutes } from './modules/messages/message-aliases.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { presenceRoutes } from './modules/messages/presence.routes.js';
import { schedulesRoutes } from './modules/messages/schedules.routes.js';
import { sendButtonRoutes } from './modules/messages/send-button.routes.js';
import { structuredMessagesRoutes } from './modules/messages/structured-messages.routes.js';
import { syncHistoryRoutes } from './modules/messages/sync-history.routes.js';
import { platformAdminRoutes } from './modules/platform-admin/platform-admin.routes.js';
import { protocolsRoutes } from './modules/protocols/protocols.routes.js';
import { queuesRoutes } from './modules/queues/queues.routes.js';
import { ticketEvaluationsRoutes } from './modules/ratings/ticket-evaluations.routes.js';
import { reasonsRoutes } from './modules/reasons/reasons.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { templatesRoutes } from './modules/templates/templates.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { ticketNotesRoutes } from './modules/ticket-notes/ticket-notes.routes.js';
import { ticketPanelRoutes } from './modules/tickets/panel.routes.js';
import { pendingRoutes } from './modules/tickets/pending.routes.js';
import { ticketAutomationRoutes } from './modules/tickets/ticket-automation.routes.js';
import { ticketConnectionRoutes } from './modules/tickets/ticket-connection.routes.js';
import { ticketHistoryRoutes } from './modules/tickets/ticket-history.routes.js';
import { ticketListStateRoutes } from './modules/tickets/ticket-list-state.routes.js';
import { ticketNotificationRoutes } from './modules/tickets/ticket-notification.routes.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { variablesRoutes } from './modules/variables/variables.routes.js';
import { jobsRoutes } from './platform/jobs/jobs.routes.js';
import { named } from './platform/named-plugin.js';
import type { createSecrets } from './platform/secrets.js';
import type { TServices } from './platform/services.js';

type TModuleRouteDeps = {
  services: TServices;
  secrets: ReturnType<typeof createSecrets>;
  birthdayDeps: Parameters<typeof birthdaysRoutes>[1];
  assistantDeps: Parameters<typeof assistantsRoutes>[1];
  campaignDeps: Parameters<typeof campaignsRoutes>[1];
};

/** Every module's HTTP routes, registered in this order by the composition root (`app.ts`). */
export const registerModuleRoutes = async (
  app: FastifyInstance,
  { services, secrets, birthdayDeps, assistantDeps, campaignDeps }: TModuleRouteDeps,
): Promise<void> => {
  // By name, in the order they are registered (an object keeps the order its keys were written in).
  const routes = {
    authRoutes: authRoutes(services),
    usersRoutes: usersRoutes(services),
    tenantsRoutes: tenantsRoutes(services),
    queuesRoutes: queuesRoutes(services),
    platformAdminRoutes: platformAdminRoutes(services),
    ticketsRoutes: ticketsRoutes(services),
    messagesRoutes: messagesRoutes(services),
    schedulesRoutes: schedulesRoutes(services),
    birthdaysRoutes: birthdaysRoutes(services, birthdayDeps),
    connectionsRoutes: connectionsRoutes(services, secrets),
    platformConnectionsRoutes: platformConnectionsRoutes(services),
    contactsRoutes: contactsRoutes(services),
    settingsRoutes: settingsRoutes(services),
    protocolsRoutes: protocolsRoutes(services),
    presenceRoutes: presenceRoutes(services),
    browseMessagesRoutes: browseMessagesRoutes(services),
    exportTranscriptRoutes: exportTranscriptRoutes(services),
    forwardMessagesRoutes: forwardMessagesRoutes(services),
    structuredMessagesRoutes: structuredMessagesRoutes(services),
    messageAliasesRoutes: messageAliasesRoutes(services),
    groupMessagesRoutes: groupMessagesRoutes(services),
    syncHistoryRoutes: syncHistoryRoutes(services),
    sendButtonRoutes: sendButtonRoutes(services),
    pendingRoutes: pendingRoutes(services),
    reasonsRoutes: reasonsRoutes(services),
    tagsRoutes: tagsRoutes(services),
    fastRepliesRoutes: fastRepliesRoutes(services),
    farewellMessagesRoutes: farewellMessagesRoutes(services),
    autoRepliesRoutes: autoRepliesRoutes(services),
    chatFlowsRoutes: chatFlowsRoutes(services),
    assistantsRoutes: assistantsRoutes(services, assistantDeps),
    botsRoutes: botsRoutes(services, assistantDeps),
    variablesRoutes: variablesRoutes(services),
    ticketEvaluationsRoutes: ticketEvaluationsRoutes(services),
    ticketNotesRoutes: ticketNotesRoutes(services),
    ticketHistoryRoutes: ticketHistoryRoutes(services),
    ticketConnectionRoutes: ticketConnectionRoutes(services),
    ticketAutomationRoutes: ticketAutomationRoutes(services),
    ticketListStateRoutes: ticketListStateRoutes(services),
    ticketNotificationRoutes: ticketNotificationRoutes(services),
    mediaRoutes: mediaRoutes(services),
    ticketPanelRoutes: ticketPanelRoutes(services),
    templatesRoutes: templatesRoutes(services),
    jobsRoutes: jobsRoutes(services),
    campaignsRoutes: campaignsRoutes(services, campaignDeps),
    bulkRoutes: bulkRoutes(services, campaignDeps),
    groupToolsRoutes: groupToolsRoutes(services),
    groupActionsRoutes: groupActionsRoutes(services),
    reportsRoutes: reportsRoutes(services),
    dashboardRoutes: dashboardRoutes(services),
    insightRoutes: insightRoutes(services),
    monitorRoutes: monitorRoutes(services),
  };
  for (const [name, plugin] of Object.entries(routes)) await app.register(named(name, plugin));
};
