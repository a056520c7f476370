import type { TErrorEntry } from './entry.js';

// A channel connection: its session, pairing and limits.
export const connectionErrors = {
  ERR_NO_DEF_WAPP_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum WhatsApp padrão encontrado. Verifique a página de conexões.',
    en: 'No default WhatsApp found. Check the connections page.',
  },
  ERR_NO_WAPP_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum WhatsApp encontrado com este ID.',
    en: 'No WhatsApp found with this ID.',
  },
  ERR_CONNECTION_LIMIT: {
    status: 403,
    'pt-BR': 'Limite de conexões do plano atingido.',
    en: "The plan's connection limit has been reached.",
  },
  ERR_WAPP_NOT_INITIALIZED: {
    status: 400,
    'pt-BR': 'Esta sessão do WhatsApp não foi inicializada. Verifique a página de conexões.',
    en: 'This WhatsApp session was not initialized. Check the connections page.',
  },
  ERR_WAPP_ALREADY_CONNECTED: {
    status: 409,
    'pt-BR': 'Este número já está conectado. Desconecte-o antes de conectar de novo.',
    en: 'This number is already connected. Disconnect it before pairing again.',
  },
  ERR_WAPP_INITIALIZED: {
    status: 400,
    'pt-BR': 'WhatsApp não conectado: a conexão está sendo reiniciada. Tente novamente em alguns segundos.',
    en: 'WhatsApp not connected: the connection is restarting. Try again in a few seconds.',
  },
  ERR_WAPP_LOGGED_OUT: {
    status: 400,
    'pt-BR': 'O WhatsApp foi desconectado pelo celular. Gere um novo QR code e leia com o WhatsApp do número.',
    en: "WhatsApp was logged out from the phone. Create a new QR code and scan it with the number's WhatsApp.",
  },
  ERR_WAPP_FORBIDDEN: {
    status: 400,
    'pt-BR': 'O WhatsApp recusou este número (bloqueado ou banido). Verifique o número no celular.',
    en: 'WhatsApp refused this number (blocked or banned). Check the number on the phone.',
  },
  ERR_WAPP_QR_EXPIRED: {
    status: 400,
    'pt-BR': 'Nenhum QR code foi lido a tempo. Gere um novo QR code.',
    en: 'No QR code was scanned in time. Create a new QR code.',
  },
  ERR_WAPP_CONNECTION_CLOSED: {
    status: 400,
    'pt-BR': 'A sessão do WhatsApp foi encerrada. Gere um novo QR code para conectar de novo.',
    en: 'The WhatsApp session ended. Create a new QR code to connect again.',
  },
  ERR_WAPP_CONNECTION_REPLACED: {
    status: 400,
    'pt-BR': 'Outro aparelho ou servidor abriu esta mesma sessão do WhatsApp. Reconecte aqui quando ele for fechado.',
    en: 'Another device or server opened this same WhatsApp session. Reconnect here once it is closed.',
  },
  ERR_WAPP_CHECK_CONTACT: {
    status: 400,
    'pt-BR': 'Não foi possível verificar o contato no WhatsApp.',
    en: 'Could not verify the WhatsApp contact.',
  },
  ERR_WAPP_INVALID_CONTACT: {
    status: 400,
    'pt-BR': 'Este não é um número de WhatsApp válido.',
    en: 'This is not a valid WhatsApp number.',
  },
} as const satisfies Record<string, TErrorEntry>;
