import type { TErrorEntry } from './entry.js';

// A connection's outbound proxy.
export const proxyErrors = {
  ERR_PROXY_NOT_SUPPORTED: {
    status: 400,
    'pt-BR': 'Esta conexão não usa proxy: só conexões WhatsApp por QR code (Baileys) e Evolution API usam.',
    en: 'This connection does not use a proxy: only WhatsApp by QR code (Baileys) and Evolution API connections do.',
  },
  ERR_PROXY_REJECTED: {
    status: 400,
    'pt-BR': 'O gateway recusou este proxy (não conseguiu sair por ele). Confira endereço, porta, usuário e senha.',
    en: 'The gateway refused this proxy (it could not go out through it). Check address, port, username and password.',
  },
  ERR_PROXY_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível conectar ao proxy. Confira o endereço, a porta e se ele está no ar.',
    en: 'Could not connect to the proxy. Check its address, port and that it is running.',
  },
  ERR_PROXY_AUTH: {
    status: 502,
    'pt-BR': 'O proxy recusou o usuário ou a senha.',
    en: 'The proxy refused the username or password.',
  },
  ERR_PROXY_TIMEOUT: {
    status: 504,
    'pt-BR': 'O proxy não respondeu a tempo.',
    en: 'The proxy did not answer in time.',
  },
  ERR_PROXY_TARGET: {
    status: 502,
    'pt-BR': 'O proxy respondeu, mas não alcançou o WhatsApp.',
    en: 'The proxy answered but could not reach WhatsApp.',
  },
} as const satisfies Record<string, TErrorEntry>;
