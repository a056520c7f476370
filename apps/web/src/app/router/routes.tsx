import { mainScreens, nestedGroups, reportNames } from '@prosa/contracts';
import type { ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AttendanceLayout } from '../../modules/attendance/routes/attendance-layout';
import { ChatEmptyPage } from '../../modules/attendance/routes/chat-empty-page';
import { ChatPage } from '../../modules/attendance/routes/chat-page';
import { LoginPage } from '../../modules/auth/routes/login-page';
import { MasterKeyPage } from '../../modules/auth/routes/masterkey-page';
import { ResetPasswordPage } from '../../modules/auth/routes/reset-password-page';
import { SignupPage } from '../../modules/auth/routes/signup-page';
import { FastRepliesPage, QueuesPage, ReasonsPage, TagsPage } from '../../modules/catalog/routes/catalog-screens';
import { ConnectionsPage } from '../../modules/connections/routes/connections-page';
import { PlatformConnectionsPage } from '../../modules/connections/routes/platform-connections-page';
import { ProxyPage } from '../../modules/connections/routes/proxy-page';
import { ContactsPage } from '../../modules/contacts/routes/contacts-page';
import { CustomizePage } from '../../modules/customize/routes/customize-page';
import { FarewellMessagesPage } from '../../modules/farewell-messages/routes/farewell-messages-page';
import { TicketPanelPage } from '../../modules/panel/routes/ticket-panel-page';
import { ProtocolsPage } from '../../modules/protocols/routes/protocols-page';
import { GeneralSettingsPage } from '../../modules/settings/routes/general-settings-page';
import { MainLayout } from '../../modules/shell/routes/main-layout';
import { PublicLayout } from '../../modules/shell/routes/public-layout';
import { TenantsPage } from '../../modules/tenants/routes/tenants-page';
import { UsersPage } from '../../modules/users/routes/users-page';
import { WebchatPage } from '../../modules/webchat/routes/webchat-page';
import { NotFoundPage } from '../../ui/not-found-page';
import { UnderConstructionPage } from '../../ui/under-construction-page';
import { RouteGuard, type TRouteHandle } from './route-guard';
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
};

const handle = (name: string): TRouteHandle => ({ name });

const screen = (name: string, path: string): RouteObject => ({
  path,
  handle: handle(name),
  element: builtScreens[name]?.() ?? <UnderConstructionPage key={name} name={name} />,
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
      element: <UnderConstructionPage key="relatorios" name="relatorios" />,
    },
    ...reportNames.map((report) => screen(report, childPath(report, '/relatorios'))),
  ],
});

const chatFlowRoutes = (): RouteObject => ({
  path: 'chat-flow',
  handle: handle('chat-flow'),
  element: <Outlet />,
  children: [
    { index: true, handle: handle('chat-flow'), element: <UnderConstructionPage key="chat-flow" name="chat-flow" /> },
    screen('chat-flow-builder', childPath('chat-flow-builder', '/chat-flow')),
  ],
});

const attendanceRoutes = (): RouteObject => ({
  path: 'atendimento',
  handle: handle('atendimento'),
  element: <AttendanceLayout />,
  children: [
    { index: true, handle: handle('atendimento'), element: <ChatEmptyPage /> },
    screen('chat-empty', 'chats'),
    screen('chat-contatos', 'contatos'),
    screen('chat', ':ticketId'),
  ],
});

export const appRoutes: RouteObject[] = [
  // The web chat visitor's page: public, outside the staff session and its guard.
  { path: 'webchat/:token', element: <WebchatPage /> },
  {
    element: <RouteGuard />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', handle: handle('login'), element: <LoginPage /> },
          { path: 'signup', handle: handle('signup'), element: <SignupPage /> },
          { path: 'masterkey', handle: handle('masterkey'), element: <MasterKeyPage /> },
          { path: 'reset/:token', handle: handle('reset'), element: <ResetPasswordPage /> },
          screen('google-callback', 'auth/google/callback'),
          screen('gmail-callback-url-back', 'gmail/callbackUrlBack'),
        ],
      },
      {
        path: '/',
        element: <MainLayout />,
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
