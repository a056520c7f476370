export const protocolsPtBR = {
  searchPlaceholder: 'Buscar por protocolo, nome ou número',
  count_zero: 'Nenhum protocolo',
  count_one: '{{count}} protocolo',
  count_other: '{{count}} protocolos',
  columns: {
    protocol: 'Protocolo',
    contact: 'Contato',
    agent: 'Agente',
    status: 'Status',
    createdAt: 'Aberto em',
    closedAt: 'Encerrado em',
  },
  noAgent: 'Sem agente',
  open: 'Abrir o atendimento {{protocol}}',
  empty: 'Nenhum protocolo ainda',
  emptyHint: 'Cada atendimento recebe um protocolo ao ser aberto; ele aparece aqui.',
  emptyFiltered: 'Nenhum protocolo encontrado para esta busca',
};

export const protocolsEn: typeof protocolsPtBR = {
  searchPlaceholder: 'Search by protocol, name or number',
  count_zero: 'No protocols',
  count_one: '{{count}} protocol',
  count_other: '{{count}} protocols',
  columns: {
    protocol: 'Protocol',
    contact: 'Contact',
    agent: 'Agent',
    status: 'Status',
    createdAt: 'Opened at',
    closedAt: 'Closed at',
  },
  noAgent: 'No agent',
  open: 'Open ticket {{protocol}}',
  empty: 'No protocols yet',
  emptyHint: 'Every ticket gets a protocol when it opens; it shows up here.',
  emptyFiltered: 'No protocol matches this search',
};
