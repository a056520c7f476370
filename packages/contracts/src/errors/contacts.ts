import type { TErrorEntry } from './entry.js';

// Contacts.
export const contactErrors = {
  ERR_NO_CONTACT_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum contato encontrado com este ID.',
    en: 'No contact found with this ID.',
  },
  ERR_DUPLICATED_CONTACT: {
    status: 409,
    'pt-BR': 'Já existe um contato com este número.',
    en: 'A contact with this number already exists.',
  },
  ERR_CONTACT_HAS_TICKETS: {
    status: 409,
    'pt-BR': 'Este contato possui atendimentos. Somente um administrador pode excluí-lo, forçando a exclusão.',
    en: 'This contact has tickets. Only an administrator can delete it, by forcing the deletion.',
  },
} as const satisfies Record<string, TErrorEntry>;
