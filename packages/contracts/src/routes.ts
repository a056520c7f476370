/** Route names of the web app (spec section 2). The names are part of the contract: menuVisibility refers to them. */
export const publicRouteNames = ['login', 'reset', 'signup', 'masterkey'] as const;

export const mainScreens = [
  ['contatos', '/contatos'],
  ['home-dashboard', '/home'],
  ['painel-atendimentos', '/painel-atendimentos'],
  ['tenants', '/tenants'],
  ['tenantsPk', '/tenantsPk'],
  ['tenantsQueue', '/tenantsQueue'],
  ['notificacao', '/notificacao'],
  ['terminal', '/terminal'],
  ['customizar', '/customizar'],
  ['atualizar', '/atualizar'],
  ['sessoes', '/sessoes'],
  ['sessoestenants', '/sessoestenants'],
  ['pagamentostenants', '/pagamentostenants'],
  ['usuarios', '/usuarios'],
  ['usuariotenants', '/usuariotenants'],
  ['auto-resposta', '/auto-resposta'],
  ['mensagens-rapidas', '/mensagens-rapidas'],
  ['filas', '/filas'],
  ['planos', '/planos'],
  ['assinatura', '/assinatura'],
  ['tenantApi', '/tenantApi'],
  ['equipes', '/equipes'],
  ['backup', '/backup'],
  ['tarefas', '/tarefas'],
  ['notas', '/notas'],
  ['lanes', '/lanes'],
  ['etiquetas', '/etiquetas'],
  ['monitor', '/monitor'],
  ['agendamentos', '/agendamentos'],
  ['aniversarios', '/aniversarios'],
  ['fechamento', '/fechamento'],
  ['protocolos', '/protocolos'],
  ['wavoip', '/wavoip'],
  ['logligacao', '/logligacao'],
  ['horario-atendimento', '/horario-atendimento'],
  ['api-service', '/api-service'],
  ['configuracoesbloqueio', '/configuracoesbloqueio'],
  ['chat-privado', '/chat-privado'],
  ['campanhas', '/campanhas'],
  ['contatos-campanha', '/campanhas/:campanhaId'],
] as const;

/** Nested groups: [group path, default child, children]. */
export const nestedGroups = [
  ['kanban', 'kanbans', ['kanbans', 'tags']],
  ['funil', 'dashboard', ['dashboard', 'kanban', 'pipelines', 'calendar', 'acao']],
  [
    'configuracoes',
    'geral',
    [
      'geral', 'webhooks', 'webchat', 'typebot', 'dialogflow', 'chat-gpt', 'lm', 'ollama', 'grok', 'gemini',
      'deepseek', 'qwen', 'vapi', 'claude', 'n8n', 'dify', 'lanes', 'tutoriais', 'motivos', 'meta', 'variaveis',
      'sms', 'hub', 'groqcloud', 'proxy', 'wuzapi', 'zapi', 'uazapi', 'evolution', 'smtp', 'google-calendar',
      'pagamentos', 'sessoes',
    ],
  ],
  ['configuracoesTenant', 'smtp-tenant', ['smtp-tenant']],
  ['massa', 'template', ['texto', 'textovariavel', 'sms', 'template', 'template-variavel', 'wavoip']],
  ['grupo', 'massagrupos', ['banlist', 'wordlist', 'saudacao', 'despedida', 'massagrupos', 'massagrupos2', 'massausuarios']],
  ['avaliacoes', 'listar', ['listar', 'configurar']],
] as const;

export const reportNames = [
  'estatisticas-atendimentos-usuarios',
  'lista-contatos',
  'contatos-por-etiquetas',
  'contatos-por-estado',
  'contatos-por-kanban',
  'contatos-por-carteira',
  'atendimentos-por-parametros',
] as const;

/** Where a profile lands after login (spec section 2). */
export const landingRouteName = (profile: string): string => {
  if (profile === 'superadmin') return 'assinatura';
  if (profile === 'admin' || profile === 'super') return 'home-dashboard';
  return 'atendimento';
};
