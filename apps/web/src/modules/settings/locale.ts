export const settingsPtBR = {
  title: 'Configurações gerais',
  readOnly: 'Somente administradores alteram estas configurações.',
  saved: 'Configuração salva.',
  saveMessage: 'Salvar mensagem',
  conflict:
    'Não ver atendimentos atribuídos, não ver atendimentos no chatbot e atendimentos sem fila não devem ficar ligados ao mesmo tempo: um agente pode deixar de ver o que precisa atender.',
  groups: {
    visibility: 'Visibilidade dos atendimentos',
    attendance: 'Atendimento',
    channels: 'Canais',
    integrations: 'Assistentes e bots',
    campaigns: 'Campanhas',
  },
  keys: {
    NotViewTicketsChatBot: ['Ocultar atendimentos no chatbot', 'Sem agente e sem fila, enquanto o robô atende.'],
    DirectTicketsToWallets: ['Direcionar à carteira', 'Contatos com carteira só aparecem para os donos da carteira.'],
    NotViewAssignedTickets: [
      'Ocultar atendimentos de outros agentes',
      'Cada agente vê só os seus e os não atribuídos.',
    ],
    showClosedForAll: ['Fechados visíveis para todos', 'Atendimentos fechados aparecem para toda a equipe.'],
    showGroupsForAll: ['Grupos visíveis para todos', 'Conversas de grupo aparecem para toda a equipe.'],
    nullTickets: ['Atendimentos sem fila', 'Agentes com filas também veem atendimentos sem fila.'],
    supervisorAdmin: ['Supervisor como administrador', 'Supervisores veem os atendimentos de outros agentes.'],
    forceReason: ['Exigir motivo ao encerrar', 'O agente escolhe um motivo para encerrar o atendimento.'],
    allowPause: ['Permitir pausa', 'O agente pode pausar um atendimento e o tempo é somado.'],
    listByLastMessage: [
      'Ordenar pela última mensagem',
      'A lista mostra primeiro quem falou por último; desligado, os atendimentos mais novos primeiro.',
    ],
    signed: ['Assinar mensagens', 'As mensagens do agente saem com o nome dele em negrito na primeira linha.'],
    userRating: ['Avaliação do atendimento', 'Pede uma nota ao cliente ao encerrar.'],
    ignoreGroupMsg: ['Ignorar mensagens de grupos', 'Mensagens de grupos não abrem atendimentos.'],
    rejectCalls: ['Rejeitar chamadas', 'Chamadas de voz e vídeo são recusadas com a mensagem abaixo.'],
    callRejectMessage: ['Mensagem ao rejeitar chamadas', ''],
    waitProcessing: [
      'Aguardar mensagens seguidas',
      'O assistente espera o cliente terminar de escrever e responde a todas as mensagens de uma vez.',
    ],
    shutdownWallet: [
      'Desligar assistentes para clientes com carteira',
      'Clientes que têm um atendente responsável na carteira não são atendidos por assistentes de IA nem bots.',
    ],
    campaignRepliesOpenTickets: [
      'Respostas de campanha abrem atendimento',
      'Ligado: quem responde a uma campanha entra na fila de pendentes. Desligado: a resposta fica registrada na campanha e no histórico do contato por 72 horas, sem abrir atendimento.',
    ],
    campaignOptOutWords: [
      'Palavras de descadastro',
      'Separadas por vírgula. Quem responde só com uma delas não recebe mais campanhas (maiúsculas, acentos e pontuação não importam).',
    ],
  },
};

export const settingsEn: typeof settingsPtBR = {
  title: 'General settings',
  readOnly: 'Only administrators change these settings.',
  saved: 'Setting saved.',
  saveMessage: 'Save message',
  conflict:
    'Hiding assigned tickets, hiding chatbot tickets and queue-less tickets should not be on together: an agent may stop seeing what they must answer.',
  groups: {
    visibility: 'Ticket visibility',
    attendance: 'Attendance',
    channels: 'Channels',
    integrations: 'Assistants and bots',
    campaigns: 'Campaigns',
  },
  keys: {
    NotViewTicketsChatBot: ['Hide chatbot tickets', 'No agent and no queue, while the bot answers.'],
    DirectTicketsToWallets: ['Direct to wallets', 'Contacts with a wallet show only to its owners.'],
    NotViewAssignedTickets: ["Hide other agents' tickets", 'Each agent sees their own and unassigned ones.'],
    showClosedForAll: ['Closed visible to all', 'Closed tickets show to the whole team.'],
    showGroupsForAll: ['Groups visible to all', 'Group conversations show to the whole team.'],
    nullTickets: ['Queue-less tickets', 'Agents with queues also see tickets without a queue.'],
    supervisorAdmin: ['Supervisor as admin', "Supervisors see other agents' tickets."],
    forceReason: ['Require a closing reason', 'The agent picks a reason to close a ticket.'],
    allowPause: ['Allow pause', 'An agent may pause a ticket; the time is summed.'],
    listByLastMessage: ['Sort by last message', 'The list shows who spoke last first; off, the newest tickets first.'],
    signed: ['Sign messages', "The agent's messages go out with their name in bold on the first line."],
    userRating: ['Service rating', 'Asks the customer for a score on closing.'],
    ignoreGroupMsg: ['Ignore group messages', 'Group messages do not open tickets.'],
    rejectCalls: ['Reject calls', 'Voice and video calls are refused with the message below.'],
    callRejectMessage: ['Message when rejecting calls', ''],
    waitProcessing: [
      'Wait for consecutive messages',
      'The assistant waits for the customer to finish writing and answers all their messages at once.',
    ],
    shutdownWallet: [
      'Turn assistants off for wallet customers',
      'Customers with an agent in charge of their wallet are not answered by AI assistants or bots.',
    ],
    campaignRepliesOpenTickets: [
      'Campaign replies open tickets',
      'On: whoever answers a campaign joins the pending list. Off: the reply is recorded on the campaign and in the contact history for 72 hours, without opening a ticket.',
    ],
    campaignOptOutWords: [
      'Opt-out words',
      'Comma separated. Whoever answers with only one of them gets no more campaigns (case, accents and punctuation aside).',
    ],
  },
};
