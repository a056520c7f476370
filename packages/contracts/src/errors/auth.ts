import type { TErrorEntry } from './entry.js';

// Logging in, sessions, permissions and when a company may use the system.
export const authErrors = {
  ERR_INVALID_CREDENTIALS: {
    status: 401,
    'pt-BR': 'Erro de autenticação. Verifique os dados e tente novamente.',
    en: 'Authentication error. Check your details and try again.',
  },
  ERR_LIMIT_MAX: {
    status: 429,
    'pt-BR': 'Erro de autenticação. Tente novamente em 1 minuto.',
    en: 'Authentication error. Try again in 1 minute.',
  },
  ERR_SESSION_EXPIRED: {
    status: 401,
    'pt-BR': 'Sessão expirada. Faça login.',
    en: 'Session expired. Please log in.',
  },
  ERR_UNAUTHORIZED: {
    status: 401,
    'pt-BR': 'Necessário realizar login.',
    en: 'Login required.',
  },
  ERR_INVALID_TOKEN: {
    status: 401,
    'pt-BR': 'Token inválido ou expirado.',
    en: 'Invalid or expired token.',
  },
  ERR_INVALID_RESET_TOKEN: {
    status: 400,
    'pt-BR': 'Link de redefinição inválido ou expirado.',
    en: 'Invalid or expired reset link.',
  },
  ERR_NO_PERMISSION: {
    status: 403,
    'pt-BR': 'Você não tem permissão para acessar este recurso.',
    en: 'You do not have permission to access this resource.',
  },
  ERR_MASTERKEY_DISABLED: {
    status: 403,
    'pt-BR': 'O acesso por chave mestra está desabilitado.',
    en: 'Master key access is disabled.',
  },
  ERR_TENANT_INACTIVE: {
    status: 403,
    'pt-BR': 'O acesso desta empresa está inativo.',
    en: 'This company’s access is inactive.',
  },
  ERR_ASAAS_OVERDUE: {
    status: 402,
    'pt-BR': 'Verifique a situação do seu plano.',
    en: 'Check your plan status.',
  },
  OUT_RANGE: {
    status: 403,
    'pt-BR': 'Fora do horário de acesso permitido.',
    en: 'Outside permitted opening hours.',
  },
} as const satisfies Record<string, TErrorEntry>;
