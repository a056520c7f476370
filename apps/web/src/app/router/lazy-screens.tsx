import { lazyScreen } from './lazy-screen';

/*
 * Every screen but the login's is fetched when first shown, one chunk per route module: the login screen
 * loads only what it needs (docs/benchmarks.md, "Web load").
 */
export const MainLayout = lazyScreen(() => import('../../modules/shell/routes/main-layout').then((x) => x.MainLayout));
export const AttendanceLayout = lazyScreen(() =>
  import('../../modules/attendance/routes/attendance-layout').then((x) => x.AttendanceLayout),
);
export const ChatEmptyPage = lazyScreen(() =>
  import('../../modules/attendance/routes/chat-empty-page').then((x) => x.ChatEmptyPage),
);
export const ChatPage = lazyScreen(() => import('../../modules/attendance/routes/chat-page').then((x) => x.ChatPage));
export const MasterKeyPage = lazyScreen(() =>
  import('../../modules/auth/routes/masterkey-page').then((x) => x.MasterKeyPage),
);
export const ResetPasswordPage = lazyScreen(() =>
  import('../../modules/auth/routes/reset-password-page').then((x) => x.ResetPasswordPage),
);
export const SignupPage = lazyScreen(() => import('../../modules/auth/routes/signup-page').then((x) => x.SignupPage));
const catalog = () => import('../../modules/catalog/routes/catalog-screens');
export const FastRepliesPage = lazyScreen(() => catalog().then((x) => x.FastRepliesPage));
export const QueuesPage = lazyScreen(() => catalog().then((x) => x.QueuesPage));
export const ReasonsPage = lazyScreen(() => catalog().then((x) => x.ReasonsPage));
export const TagsPage = lazyScreen(() => catalog().then((x) => x.TagsPage));
export const ConnectionsPage = lazyScreen(() =>
  import('../../modules/connections/routes/connections-page').then((x) => x.ConnectionsPage),
);
export const PlatformConnectionsPage = lazyScreen(() =>
  import('../../modules/connections/routes/platform-connections-page').then((x) => x.PlatformConnectionsPage),
);
export const ProxyPage = lazyScreen(() =>
  import('../../modules/connections/routes/proxy-page').then((x) => x.ProxyPage),
);
export const ContactsPage = lazyScreen(() =>
  import('../../modules/contacts/routes/contacts-page').then((x) => x.ContactsPage),
);
export const CustomizePage = lazyScreen(() =>
  import('../../modules/customize/routes/customize-page').then((x) => x.CustomizePage),
);
export const NotesPage = lazyScreen(() => import('../../modules/notes/routes/notes-page').then((x) => x.NotesPage));
export const FarewellMessagesPage = lazyScreen(() =>
  import('../../modules/farewell-messages/routes/farewell-messages-page').then((x) => x.FarewellMessagesPage),
);
export const DashboardPage = lazyScreen(() =>
  import('../../modules/dashboard/routes/dashboard-page').then((x) => x.DashboardPage),
);
export const MonitorPage = lazyScreen(() =>
  import('../../modules/monitor/routes/monitor-page').then((x) => x.MonitorPage),
);
export const TicketPanelPage = lazyScreen(() =>
  import('../../modules/panel/routes/ticket-panel-page').then((x) => x.TicketPanelPage),
);
export const ProtocolsPage = lazyScreen(() =>
  import('../../modules/protocols/routes/protocols-page').then((x) => x.ProtocolsPage),
);
export const GeneralSettingsPage = lazyScreen(() =>
  import('../../modules/settings/routes/general-settings-page').then((x) => x.GeneralSettingsPage),
);
export const TenantsPage = lazyScreen(() =>
  import('../../modules/tenants/routes/tenants-page').then((x) => x.TenantsPage),
);
export const UsersPage = lazyScreen(() => import('../../modules/users/routes/users-page').then((x) => x.UsersPage));
export const WebchatPage = lazyScreen(() =>
  import('../../modules/webchat/routes/webchat-page').then((x) => x.WebchatPage),
);
export const AutoRepliesPage = lazyScreen(() =>
  import('../../modules/auto-replies/routes/auto-replies-page').then((x) => x.AutoRepliesPage),
);
export const ChatFlowsPage = lazyScreen(() =>
  import('../../modules/chat-flows/routes/chat-flows-page').then((x) => x.ChatFlowsPage),
);
export const ChatFlowBuilderPage = lazyScreen(() =>
  import('../../modules/chat-flows/routes/chat-flow-builder-page').then((x) => x.ChatFlowBuilderPage),
);
export const BusinessHoursPage = lazyScreen(() =>
  import('../../modules/business-hours/routes/business-hours-page').then((x) => x.BusinessHoursPage),
);
export const VariablesPage = lazyScreen(() =>
  import('../../modules/variables/routes/variables-page').then((x) => x.VariablesPage),
);
export const SchedulesPage = lazyScreen(() =>
  import('../../modules/schedules/routes/schedules-page').then((x) => x.SchedulesPage),
);
export const BirthdaysPage = lazyScreen(() =>
  import('../../modules/birthdays/routes/birthdays-page').then((x) => x.BirthdaysPage),
);
export const UnderConstructionPage = lazyScreen(() =>
  import('../../ui/under-construction-page').then((x) => x.UnderConstructionPage),
);
export const RatingsListPage = lazyScreen(() =>
  import('../../modules/ratings/routes/ratings-list-page').then((x) => x.RatingsListPage),
);
export const RatingSettingsPage = lazyScreen(() =>
  import('../../modules/ratings/routes/rating-settings-page').then((x) => x.RatingSettingsPage),
);
export const AssistantSettingsPage = lazyScreen(() =>
  import('../../modules/assistants/routes/assistant-settings-page').then((x) => x.AssistantSettingsPage),
);
export const BotSettingsPage = lazyScreen(() =>
  import('../../modules/assistants/routes/bot-settings-page').then((x) => x.BotSettingsPage),
);
const campaigns = () => import('../../modules/campaigns/routes/campaign-screens');
export const CampaignsPage = lazyScreen(() => campaigns().then((x) => x.CampaignsPage));
export const CampaignDetailPage = lazyScreen(() => campaigns().then((x) => x.CampaignDetailPage));
export const BulkSendPage = lazyScreen(() => campaigns().then((x) => x.BulkSendPage));
export const BulkCallPage = lazyScreen(() => campaigns().then((x) => x.BulkCallPage));
const groupTools = () => import('../../modules/group-tools/routes/group-screens');
export const GroupListPage = lazyScreen(() => groupTools().then((x) => x.GroupListPage));
export const GroupMessagePage = lazyScreen(() => groupTools().then((x) => x.GroupMessagePage));
export const GroupBulkPage = lazyScreen(() => groupTools().then((x) => x.GroupBulkPage));
const reports = () => import('../../modules/reports/routes/report-screens');
export const ReportsPage = lazyScreen(() => reports().then((x) => x.ReportsPage));
export const ReportPage = lazyScreen(() => reports().then((x) => x.ReportPage));
