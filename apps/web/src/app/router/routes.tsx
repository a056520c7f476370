import { mainScreens, nestedGroups, reportNames } from '@prosa/contracts';
import type { ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoginPage } from '../../modules/auth/routes/login-page';
import { PublicLayout } from '../../modules/shell/routes/public-layout';
import { NotFoundPage } from '../../ui/not-found-page';
import {
  AssistantSettingsPage,
  AttendanceLayout,
  AutoRepliesPage,
  BirthdaysPage,
  BotSettingsPage,
  BulkCallPage,
  BulkSendPage,
  BusinessHoursPage,
  CampaignDetailPage,
  CampaignsPage,
  ChatEmptyPage,
  ChatFlowBuilderPage,
  ChatFlowsPage,
  ChatPage,
  ConnectionsPage,
  ContactsPage,
  CustomizePage,
  DashboardPage,
  FarewellMessagesPage,
  FastRepliesPage,
  GeneralSettingsPage,
  GroupBulkPage,
  GroupListPage,
  GroupMessagePage,
  MainLayout,
  MasterKeyPage,
  MonitorPage,
  NotesPage,
  PlatformConnectionsPage,
  ProtocolsPage,
  ProxyPage,
  QueuesPage,
  RatingSettingsPage,
  RatingsListPage,
  ReasonsPage,
  ReportPage,
  ReportsPage,
  ResetPasswordPage,
  SchedulesPage,
  SignupPage,
  TagsPage,
  TenantsPage,
  TicketPanelPage,
  UnderConstructionPage,
  UsersPage,
  VariablesPage,
  WebchatPage,
} from './lazy-screens';
import { RouteGuard, type TRouteHandle } from './route-guard';
import { WithRouteLoading } from './route-loading';
import { getRouteEntry, nestedChildName, notFoundRouteName, rootRouteName } from './route-registry';

/** Screens built so far; every other named route shows the 'Em construção' page (docs/roadmap.md). */
const builtScreens: Record<string, () => ReactElement> = {
  tenants: () => <TenantsPage />,
  usuarios: () => <UsersPage scope="tenant" />,
  usuariotenants: () => <UsersPage scope="platform" />,
  customizar: () => <CustomizePage />,
  'chat-empty': () => <ChatEmptyPage />,
  chat: () => <ChatPage />,
  'configuracoes-geral': () => <GeneralSettingsPage />,
  protocolos: () => <ProtocolsPage />,
  contatos: () => <ContactsPage />,
  'chat-contatos': () => <ContactsPage inAttendance />,
  'painel-atendimentos': () => <TicketPanelPage />,
  monitor: () => <MonitorPage />,
  'home-dashboard': () => <DashboardPage />,
  sessoes: () => <ConnectionsPage />,
  sessoestenants: () => <PlatformConnectionsPage />,
  'configuracoes-meta': () => <ConnectionsPage page="meta" />,
  'configuracoes-webchat': () => <ConnectionsPage page="webchat" />,
  'configuracoes-evolution': () => <ConnectionsPage page="evolution" />,
  'configuracoes-zapi': () => <ConnectionsPage page="zapi" />,
  'configuracoes-uazapi': () => <ConnectionsPage page="uazapi" />,
  'configuracoes-wuzapi': () => <ConnectionsPage page="wuzapi" />,
  'configuracoes-sms': () => <ConnectionsPage page="sms" />,
  'configuracoes-hub': () => <ConnectionsPage page="hub" />,
  'configuracoes-proxy': () => <ProxyPage />,
  'configuracoes-sessoes': () => <ConnectionsPage />,
  filas: () => <QueuesPage />,
  etiquetas: () => <TagsPage />,
  'mensagens-rapidas': () => <FastRepliesPage />,
  'configuracoes-motivos': () => <ReasonsPage />,
  fechamento: () => <FarewellMessagesPage />,
  'horario-atendimento': () => <BusinessHoursPage />,
  'auto-resposta': () => <AutoRepliesPage />,
  'configuracoes-variaveis': () => <VariablesPage />,
  notas: () => <NotesPage />,
  'avaliacoes-listar': () => <RatingsListPage />,
  'avaliacoes-configurar': () => <RatingSettingsPage />,
  agendamentos: () => <SchedulesPage />,
  aniversarios: () => <BirthdaysPage />,
  'chat-flow-builder': () => <ChatFlowBuilderPage />,
  'configuracoes-chat-gpt': () => <AssistantSettingsPage provider="chatgpt" />,
  'configuracoes-lm': () => <AssistantSettingsPage provider="lm" />,
  'configuracoes-ollama': () => <AssistantSettingsPage provider="ollama" />,
  'configuracoes-grok': () => <AssistantSettingsPage provider="grok" />,
  'configuracoes-gemini': () => <AssistantSettingsPage provider="gemini" />,
  'configuracoes-deepseek': () => <AssistantSettingsPage provider="deepseek" />,
  'configuracoes-qwen': () => <AssistantSettingsPage provider="qwen" />,
  'configuracoes-claude': () => <AssistantSettingsPage provider="claude" />,
  'configuracoes-groqcloud': () => <AssistantSettingsPage provider="groqcloud" />,
  'configuracoes-typebot': () => <BotSettingsPage provider="typebot" />,
  'configuracoes-dialogflow': () => <BotSettingsPage provider="dialogflow" />,
  'configuracoes-n8n': () => <BotSettingsPage provider="n8n" />,
  'configuracoes-dify': () => <BotSettingsPage provider="dify" />,
  'configuracoes-vapi': () => <BotSettingsPage provider="vapi" />,
  campanhas: () => <CampaignsPage />,
  'contatos-campanha': () => <CampaignDetailPage />,
  'massa-texto': () => <BulkSendPage kind="texto" />,
  'massa-textovariavel': () => <BulkSendPage kind="textovariavel" />,
  'massa-sms': () => <BulkSendPage kind="sms" />,
  'massa-template': () => <BulkSendPage kind="template" />,
  'massa-template-variavel': () => <BulkSendPage kind="template-variavel" />,
  'massa-wavoip': () => <BulkCallPage />,
  'grupo-banlist': () => <GroupListPage kind="banList" />,
  'grupo-wordlist': () => <GroupListPage kind="wordList" />,
  'grupo-saudacao': () => <GroupMessagePage kind="greetingMessage" />,
  'grupo-despedida': () => <GroupMessagePage kind="farewellMessage" />,
  'grupo-massagrupos': () => <GroupBulkPage screen="massagrupos" />,
  'grupo-massagrupos2': () => <GroupBulkPage screen="massagrupos2" />,
  'grupo-massausuarios': () => <GroupBulkPage screen="massausuarios" />,
  ...Object.fromEntries(reportNames.map((report) => [report, () => <ReportPage report={report} />])),
};

const handle = (name: string): TRouteHandle => ({ name });

/** A lazy screen with its loader; keyed by route so a screen met for the first time shows the loader at once. */
const loaded = (name: string, element: ReactElement): ReactElement => (
  <WithRouteLoading key={name}>{element}</WithRouteLoading>
);

const screen = (name: string, path: string): RouteObject => ({
  path,
  handle: handle(name),
  element: loaded(name, builtScreens[name]?.() ?? <UnderConstructionPage name={name} />),
});

/** Relative path of a named route inside its parent (`/configuracoes/geral` -> `geral`). */
const childPath = (name: string, parentPath: string): string => getRouteEntry(name).path.slice(parentPath.length + 1);

const mainScreenRoutes = (): RouteObject[] => mainScreens.map(([name, path]) => screen(name, path.slice(1)));

const nestedGroupRoutes = (): RouteObject[] =>
  nestedGroups.map(([group, defaultChild, children]) => ({
    path: group,
    handle: handle(group),
    element: <Outlet />,
    children: [
      { index: true, element: <Navigate to={getRouteEntry(nestedChildName(group, defaultChild)).path} replace /> },
      ...children.map((child) => screen(nestedChildName(group, child), child)),
    ],
  }));

const reportRoutes = (): RouteObject => ({
  path: 'relatorios',
  handle: handle('relatorios'),
  element: <Outlet />,
  children: [
    {
      index: true,
      handle: handle('relatorios'),
      element: loaded('relatorios', <ReportsPage />),
    },
    ...reportNames.map((report) => screen(report, childPath(report, '/relatorios'))),
  ],
});

const chatFlowRoutes = (): RouteObject => ({
  path: 'chat-flow',
  handle: handle('chat-flow'),
  element: <Outlet />,
  children: [
    {
      index: true,
      handle: handle('chat-flow'),
      element: loaded('chat-flow', <ChatFlowsPage />),
    },
    screen('chat-flow-builder', childPath('chat-flow-builder', '/chat-flow')),
  ],
});

const attendanceRoutes = (): RouteObject => ({
  path: 'atendimento',
  handle: handle('atendimento'),
  element: loaded('atendimento', <AttendanceLayout />),
  children: [
    { index: true, handle: handle('atendimento'), element: loaded('chat-empty', <ChatEmptyPage />) },
    screen('chat-empty', 'chats'),
    screen('chat-contatos', 'contatos'),
    screen('chat', ':ticketId'),
  ],
});

export const appRoutes: RouteObject[] = [
  // The web chat visitor's page: public, outside the staff session and its guard.
  { path: 'webchat/:token', element: loaded('webchat', <WebchatPage />) },
  {
    element: <RouteGuard />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', handle: handle('login'), element: <LoginPage /> },
          { path: 'signup', handle: handle('signup'), element: loaded('signup', <SignupPage />) },
          { path: 'masterkey', handle: handle('masterkey'), element: loaded('masterkey', <MasterKeyPage />) },
          { path: 'reset/:token', handle: handle('reset'), element: loaded('reset', <ResetPasswordPage />) },
          screen('google-callback', 'auth/google/callback'),
          screen('gmail-callback-url-back', 'gmail/callbackUrlBack'),
        ],
      },
      {
        path: '/',
        element: loaded('main', <MainLayout />),
        children: [
          { index: true, handle: handle(rootRouteName), element: <Navigate to="/contatos" replace /> },
          ...mainScreenRoutes(),
          ...nestedGroupRoutes(),
          reportRoutes(),
          chatFlowRoutes(),
          attendanceRoutes(),
        ],
      },
      { path: '*', handle: handle(notFoundRouteName), element: <NotFoundPage /> },
    ],
  },
];
