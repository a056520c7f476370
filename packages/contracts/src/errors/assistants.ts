import type { TErrorEntry } from './entry.js';

// AI assistants and bots (issue 19).
export const assistantErrors = {
  ERR_NO_HELPING_ASSISTANT: {
    status: 409,
    'pt-BR':
      'Nenhum assistente de IA está configurado para ajudar os atendentes. Ative "Ajudar atendentes" em um assistente nas configurações.',
    en: 'No AI assistant is set to help agents. Turn on "Help agents" on an assistant in the settings.',
  },
  /** The body's `detail` says what the provider answered (a refused key, a rate limit...). */
  ERR_ASSISTANT_FAILED: {
    status: 502,
    'pt-BR': 'O provedor de IA não respondeu como esperado. Tente de novo em instantes.',
    en: 'The AI provider did not answer as expected. Try again shortly.',
  },
} as const satisfies Record<string, TErrorEntry>;
