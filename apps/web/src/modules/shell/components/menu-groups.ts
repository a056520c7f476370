/** The navigation menu (screen names grouped as the product's staff think of them). */
export type TMenuGroup = { key: 'attendance' | 'management' | 'configuration' | 'platform'; items: readonly string[] };

export const menuGroups: readonly TMenuGroup[] = [
  {
    key: 'attendance',
    items: [
      'atendimento',
      'contatos',
      'painel-atendimentos',
      'chat-privado',
      'tarefas',
      'notas',
      'agendamentos',
      'aniversarios',
    ],
  },
  {
    key: 'management',
    items: ['home-dashboard', 'monitor', 'relatorios', 'funil', 'kanban', 'campanhas', 'massa', 'grupo'],
  },
  {
    key: 'configuration',
    items: [
      'usuarios',
      'filas',
      'etiquetas',
      'mensagens-rapidas',
      'fechamento',
      'protocolos',
      'horario-atendimento',
      'chat-flow',
      'sessoes',
      'configuracoes',
      'customizar',
      'api-service',
      'avaliacoes',
    ],
  },
  {
    key: 'platform',
    items: ['tenants', 'usuariotenants', 'planos', 'assinatura', 'pagamentostenants', 'sessoestenants'],
  },
];

/** Superadmin works on the platform; tenant staff never see the platform group. */
export const groupsForProfile = (profile: string | null): readonly TMenuGroup[] =>
  menuGroups.filter((group) => (profile === 'superadmin') === (group.key === 'platform'));
