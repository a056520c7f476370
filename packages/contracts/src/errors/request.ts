import type { TErrorEntry } from './entry.js';

// Any request: bad input, unknown records, size and rate limits, the unexpected.
export const requestErrors = {
  ERR_VALIDATION: {
    status: 400,
    'pt-BR': 'Dados inválidos.',
    en: 'Invalid data.',
  },
  ERR_INVALID_CHARACTER: {
    status: 400,
    'pt-BR':
      'O texto enviado contém um caractere inválido (caractere nulo ou emoji incompleto). Remova-o e tente de novo.',
    en: 'The text sent contains an invalid character (a null character or a broken emoji). Remove it and try again.',
  },
  ERR_UPLOAD_MALFORMED: {
    status: 400,
    'pt-BR': 'O envio do arquivo chegou incompleto ou malformado e nada foi salvo. Envie o arquivo de novo.',
    en: 'The file upload arrived incomplete or malformed and nothing was saved. Send the file again.',
  },
  ERR_UNKNOWN_REFERENCE: {
    status: 400,
    'pt-BR': 'O registro informado não existe ou não pertence a esta empresa.',
    en: 'The record given does not exist or does not belong to this company.',
  },
  ERR_NOT_FOUND: {
    status: 404,
    'pt-BR': 'Recurso não encontrado.',
    en: 'Resource not found.',
  },
  ERR_PAYLOAD_TOO_LARGE: {
    status: 413,
    'pt-BR': 'Os dados enviados são grandes demais.',
    en: 'The request is too large.',
  },
  ERR_RATE_LIMIT: {
    status: 429,
    'pt-BR': 'Muitas requisições. Tente novamente em instantes.',
    en: 'Too many requests. Try again shortly.',
  },
  ERR_INTERNAL: {
    status: 500,
    'pt-BR': 'Ocorreu um erro não identificado.',
    en: 'An unidentified error occurred.',
  },
} as const satisfies Record<string, TErrorEntry>;
