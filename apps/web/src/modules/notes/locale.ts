export const notesPtBR = {
  internal: 'Nota interna',
  removedUser: 'Usuário removido',
  search: 'Buscar nas notas',
  dateStart: 'De',
  dateEnd: 'Até',
  author: 'Autor',
  anyAuthor: 'Todos',
  clear: 'Limpar filtros',
  count_one: '{{count}} nota',
  count_other: '{{count}} notas',
  empty: 'Nenhuma nota interna ainda',
  emptyHint:
    'No atendimento, ative o modo "Nota" no campo de mensagem (ou comece com /nota) para registrar algo que só a equipe vê.',
  emptyFiltered: 'Nenhuma nota com estes filtros.',
  columns: { note: 'Nota', ticket: 'Atendimento', author: 'Autor', createdAt: 'Data' },
  openTicket: 'Abrir o atendimento de {{name}}',
  composer: {
    toggle: 'Nota interna (só a equipe vê)',
    placeholder: 'Nota interna: só a equipe vê, não vai para o cliente',
    send: 'Salvar nota',
    mode: 'Modo nota',
  },
};

export const notesEn: typeof notesPtBR = {
  internal: 'Internal note',
  removedUser: 'Removed user',
  search: 'Search notes',
  dateStart: 'From',
  dateEnd: 'To',
  author: 'Author',
  anyAuthor: 'Everyone',
  clear: 'Clear filters',
  count_one: '{{count}} note',
  count_other: '{{count}} notes',
  empty: 'No internal notes yet',
  emptyHint:
    'In a conversation, switch the message box to "Note" (or start with /nota) to record something only the team sees.',
  emptyFiltered: 'No notes match these filters.',
  columns: { note: 'Note', ticket: 'Conversation', author: 'Author', createdAt: 'Date' },
  openTicket: 'Open the conversation with {{name}}',
  composer: {
    toggle: 'Internal note (team only)',
    placeholder: 'Internal note: only the team sees it, the customer does not',
    send: 'Save note',
    mode: 'Note mode',
  },
};
