import type { TErrorEntry } from './entry.js';

// Tickets and queues.
export const ticketErrors = {
  ERR_NO_TICKET_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum atendimento encontrado com este ID.',
    en: 'No ticket found with this ID.',
  },
  ERR_CREATING_TICKET: {
    status: 500,
    'pt-BR': 'Erro ao criar o atendimento no banco de dados.',
    en: 'Error creating the ticket in the database.',
  },
  ERR_OTHER_OPEN_TICKET: {
    status: 409,
    'pt-BR': 'Já existe um atendimento aberto para este contato.',
    en: 'A ticket is already open for this contact.',
  },
  ERR_NO_QUEUE_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma fila encontrada com este ID.',
    en: 'No queue found with this ID.',
  },
} as const satisfies Record<string, TErrorEntry>;
