import type { TErrorEntry } from './entry.js';

// Chat flows (domain 2.11).
export const chatFlowErrors = {
  ERR_NO_CHAT_FLOW_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum fluxo de conversa encontrado com este ID.',
    en: 'No chat flow found with this ID.',
  },
  /** The body carries `revision`: the one saved now, so the builder can offer to reload it. */
  ERR_CHAT_FLOW_CONFLICT: {
    status: 409,
    'pt-BR': 'Este fluxo foi alterado por outra pessoa desde que você o abriu. Recarregue para ver a versão atual.',
    en: 'Someone else changed this flow since you opened it. Reload to see the current version.',
  },
} as const satisfies Record<string, TErrorEntry>;
