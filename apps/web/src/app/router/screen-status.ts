import { nestedGroups } from '@prosa/contracts';
import { nestedChildName } from './route-registry';
import type { TIconName } from './screens';

/*
 * What each screen is (built or which later work builds it) and the name of its icon; the icons themselves
 * are in screens.tsx, so that the navigation guard does not load them with the login screen.
 */

/** Which later piece of work builds a screen that is only a placeholder today (docs/roadmap.md). */
export type TFutureWork = 'conversations' | 'channels' | 'later';

export type TScreenStatus = { icon: TIconName; future?: TFutureWork };

const built = (icon: TIconName): TScreenStatus => ({ icon });
const conversations = (icon: TIconName): TScreenStatus => ({ icon, future: 'conversations' });
const channels = (icon: TIconName): TScreenStatus => ({ icon, future: 'channels' });
const later = (icon: TIconName): TScreenStatus => ({ icon, future: 'later' });

const aiAssistants = [
  'chat-gpt',
  'lm',
  'ollama',
  'grok',
  'gemini',
  'deepseek',
  'qwen',
  'vapi',
  'claude',
  'n8n',
  'dify',
  'groqcloud',
  'typebot',
  'dialogflow',
];
const channelSettings = [
  'webhooks',
  'webchat',
  'meta',
  'sms',
  'hub',
  'proxy',
  'wuzapi',
  'zapi',
  'uazapi',
  'evolution',
  'sessoes',
];

const groupIcons: Record<string, TIconName> = {
  kanban: 'IconLayoutKanban',
  funil: 'IconFilter',
  configuracoes: 'IconSettings',
  configuracoesTenant: 'IconMail',
  massa: 'IconSend',
  grupo: 'IconUsersGroup',
  avaliacoes: 'IconStar',
};

const nestedMeta = (): Record<string, TScreenStatus> => {
  const meta: Record<string, TScreenStatus> = {};
  for (const [group, , children] of nestedGroups) {
    const icon = groupIcons[group] ?? 'IconSettings';
    // The mass-send and group-tools groups only lead to their first screen, built with the others.
    meta[group] = group === 'massa' || group === 'grupo' ? built(icon) : later(icon);
    for (const child of children) {
      const name = nestedChildName(group, child);
      if (group === 'configuracoes' && aiAssistants.includes(child)) meta[name] = later('IconBrain');
      else if (group === 'configuracoes' && channelSettings.includes(child)) meta[name] = channels('IconPlugConnected');
      else if (group === 'massa') meta[name] = built(child === 'wavoip' ? 'IconPhoneCall' : icon);
      else if (group === 'grupo') meta[name] = built(icon);
      else meta[name] = later(icon);
    }
  }
  return meta;
};

/** Icon name and status of every named route; screens without `future` are built. */
export const screenStatus: Record<string, TScreenStatus> = {
  ...nestedMeta(),
  login: built('IconLock'),
  signup: built('IconBuildingSkyscraper'),
  masterkey: built('IconKey'),
  reset: built('IconKey'),
  'google-callback': channels('IconBrandGoogle'),
  'gmail-callback-url-back': channels('IconMail'),
  root: conversations('IconAddressBook'),
  contatos: built('IconAddressBook'),
  'home-dashboard': built('IconLayoutDashboard'),
  'painel-atendimentos': built('IconDeviceDesktopAnalytics'),
  tenants: built('IconBuildingSkyscraper'),
  tenantsPk: later('IconKey'),
  tenantsQueue: later('IconListNumbers'),
  notificacao: later('IconBell'),
  terminal: later('IconTerminal2'),
  customizar: built('IconPalette'),
  atualizar: later('IconRefresh'),
  sessoes: built('IconPlugConnected'),
  'configuracoes-meta': built('IconPlugConnected'),
  'configuracoes-webchat': built('IconPlugConnected'),
  'configuracoes-evolution': built('IconPlugConnected'),
  'configuracoes-zapi': built('IconPlugConnected'),
  'configuracoes-uazapi': built('IconPlugConnected'),
  'configuracoes-wuzapi': built('IconPlugConnected'),
  'configuracoes-sms': built('IconPlugConnected'),
  'configuracoes-hub': built('IconPlugConnected'),
  'configuracoes-proxy': built('IconNetwork'),
  'configuracoes-sessoes': built('IconPlugConnected'),
  'configuracoes-motivos': built('IconSettings'),
  avaliacoes: built('IconStar'),
  'avaliacoes-listar': built('IconStar'),
  'avaliacoes-configurar': built('IconStar'),
  sessoestenants: built('IconPlugConnected'),
  pagamentostenants: later('IconCreditCard'),
  usuarios: built('IconUsers'),
  'configuracoes-geral': built('IconSettings'),
  usuariotenants: built('IconUsers'),
  'auto-resposta': built('IconRobot'),
  'mensagens-rapidas': built('IconMessageBolt'),
  filas: built('IconStack2'),
  planos: later('IconReceipt'),
  assinatura: later('IconCertificate'),
  tenantApi: later('IconApi'),
  equipes: later('IconUsersGroup'),
  backup: later('IconDatabaseExport'),
  tarefas: later('IconChecklist'),
  notas: built('IconNotes'),
  lanes: later('IconRoad'),
  etiquetas: built('IconTags'),
  monitor: built('IconDeviceDesktopAnalytics'),
  agendamentos: built('IconCalendarEvent'),
  aniversarios: built('IconCake'),
  fechamento: built('IconMessageCheck'),
  protocolos: built('IconFileCertificate'),
  wavoip: channels('IconPhoneCall'),
  logligacao: channels('IconPhoneCall'),
  'horario-atendimento': built('IconClock'),
  'configuracoes-variaveis': built('IconSettings'),
  'configuracoes-chat-gpt': built('IconBrain'),
  'configuracoes-lm': built('IconBrain'),
  'configuracoes-ollama': built('IconBrain'),
  'configuracoes-grok': built('IconBrain'),
  'configuracoes-gemini': built('IconBrain'),
  'configuracoes-deepseek': built('IconBrain'),
  'configuracoes-qwen': built('IconBrain'),
  'configuracoes-claude': built('IconBrain'),
  'configuracoes-groqcloud': built('IconBrain'),
  'configuracoes-typebot': built('IconRobot'),
  'configuracoes-dialogflow': built('IconRobot'),
  'configuracoes-n8n': built('IconRobot'),
  'configuracoes-dify': built('IconRobot'),
  'configuracoes-vapi': built('IconRobot'),
  'api-service': later('IconApi'),
  configuracoesbloqueio: later('IconLock'),
  'chat-privado': later('IconMessageCircle'),
  campanhas: built('IconSpeakerphone'),
  'contatos-campanha': built('IconSpeakerphone'),
  relatorios: built('IconChartBar'),
  'estatisticas-atendimentos-usuarios': built('IconChartBar'),
  'lista-contatos': built('IconChartBar'),
  'contatos-por-etiquetas': built('IconChartBar'),
  'contatos-por-estado': built('IconChartBar'),
  'contatos-por-kanban': built('IconChartBar'),
  'contatos-por-carteira': built('IconChartBar'),
  'atendimentos-por-parametros': built('IconChartBar'),
  'chat-flow': built('IconSitemap'),
  'chat-flow-builder': built('IconSitemap'),
  atendimento: built('IconHeadset'),
  'chat-empty': built('IconHeadset'),
  'chat-contatos': built('IconAddressBook'),
  chat: built('IconMessages'),
  'not-found': built('IconHome'),
};

export const getScreenStatus = (name: string): TScreenStatus => screenStatus[name] ?? later('IconSettings');
