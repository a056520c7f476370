import type { TErrorEntry } from './entry.js';

// Companies (tenants), their users and settings.
export const accountErrors = {
  ERR_NO_TENANT_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma empresa encontrada com este ID.',
    en: 'No company found with this ID.',
  },
  ERR_SIGNUP_DISABLED: {
    status: 403,
    'pt-BR': 'O cadastro de novas empresas está desabilitado.',
    en: 'Signing up new companies is disabled.',
  },
  ERR_NO_USER_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum usuário encontrado com este ID.',
    en: 'No user found with this ID.',
  },
  ERR_DUPLICATED_EMAIL: {
    status: 409,
    'pt-BR': 'Já existe um usuário com este e-mail.',
    en: 'A user with this e-mail already exists.',
  },
  ERR_USER_LIMIT: {
    status: 403,
    'pt-BR': 'Limite de usuários do plano atingido.',
    en: 'The plan’s user limit was reached.',
  },
  ERR_USER_CREATION_DISABLED: {
    status: 403,
    'pt-BR': 'A criação de usuários foi desabilitada pelo administrador.',
    en: 'User creation was disabled by the administrator.',
  },
  ERR_CANNOT_DELETE_SELF: {
    status: 400,
    'pt-BR': 'Você não pode excluir o seu próprio usuário.',
    en: 'You cannot delete your own user.',
  },
  ERR_NO_SETTING_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma configuração encontrada com este ID.',
    en: 'No setting found with this ID.',
  },
  ERR_NO_VARIABLE_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma variável encontrada com este ID.',
    en: 'No variable found with this ID.',
  },
  ERR_DUPLICATED_VARIABLE: {
    status: 409,
    'pt-BR': 'Já existe uma variável com este nome.',
    en: 'A variable with this name already exists.',
  },
} as const satisfies Record<string, TErrorEntry>;
