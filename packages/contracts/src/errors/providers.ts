import type { TErrorEntry } from './entry.js';

// What a channel provider (Meta, Evolution, Telegram, Z-API, wuzapi, uazapi, SMS gateway, NotificaMe Hub) refused or did not answer.
export const providerErrors = {
  ERR_WABA_TOKEN_INVALID: {
    status: 400,
    'pt-BR': 'A Meta recusou o token de acesso desta conexão. Gere um novo token e salve a conexão.',
    en: "Meta refused this connection's access token. Create a new token and save the connection.",
  },
  ERR_WABA_TEMPLATES: {
    status: 502,
    'pt-BR': 'Não foi possível buscar os modelos de mensagem na Meta. Tente de novo em instantes.',
    en: 'Could not fetch the message templates from Meta. Try again in a moment.',
  },
  ERR_WABA_SIGNATURE: {
    status: 401,
    'pt-BR': 'Assinatura do webhook inválida.',
    en: 'Invalid webhook signature.',
  },
  ERR_EVOLUTION_API_KEY: {
    status: 400,
    'pt-BR': 'O gateway Evolution API recusou a chave de API desta conexão. Confira a chave e salve a conexão.',
    en: "The Evolution API gateway refused this connection's API key. Check the key and save the connection.",
  },
  ERR_EVOLUTION_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível falar com o gateway Evolution API. Confira o endereço e se ele está no ar.',
    en: 'Could not reach the Evolution API gateway. Check its address and that it is running.',
  },
  ERR_TELEGRAM_TOKEN_INVALID: {
    status: 400,
    'pt-BR': 'O Telegram recusou o token deste bot. Gere um novo token com o @BotFather e salve a conexão.',
    en: "Telegram refused this bot's token. Create a new token with @BotFather and save the connection.",
  },
  ERR_TELEGRAM_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível falar com o Telegram. Tente de novo em instantes.',
    en: 'Could not reach Telegram. Try again in a moment.',
  },
  ERR_TELEGRAM_WEBHOOK: {
    status: 502,
    'pt-BR':
      'O Telegram não aceitou o endereço de webhook do Prosa. Confira se o PUBLIC_URL é https e acessível pela internet.',
    en: "Telegram did not accept Prosa's webhook address. Check that PUBLIC_URL is https and reachable from the internet.",
  },
  ERR_TELEGRAM_BLOCKED: {
    status: 400,
    'pt-BR': 'O Telegram não entregou: o usuário bloqueou o bot ou a conversa não existe mais.',
    en: 'Telegram did not deliver: the user blocked the bot or the chat no longer exists.',
  },
  ERR_ZAPI_CREDENTIALS: {
    status: 400,
    'pt-BR':
      'O Z-API recusou as credenciais desta conexão. Confira o ID e o token da instância e o token de segurança da conta (Client-Token).',
    en: "Z-API refused this connection's credentials. Check the instance ID and token and the account security token (Client-Token).",
  },
  ERR_ZAPI_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível falar com o Z-API. Tente de novo em instantes.',
    en: 'Could not reach Z-API. Try again in a moment.',
  },
  ERR_ZAPI_WEBHOOK_HTTPS: {
    status: 400,
    'pt-BR':
      'O Z-API só envia webhooks para endereços https: configure um PUBLIC_URL https, acessível pela internet, para receber as mensagens.',
    en: 'Z-API only posts webhooks to https addresses: set an https PUBLIC_URL reachable from the internet to receive messages.',
  },
  ERR_WUZAPI_ADMIN_TOKEN: {
    status: 400,
    'pt-BR':
      'O servidor wuzapi recusou o token de administrador (WUZAPI_ADMIN_TOKEN). Confira o token e salve a conexão.',
    en: 'The wuzapi server refused the admin token (WUZAPI_ADMIN_TOKEN). Check the token and save the connection.',
  },
  ERR_WUZAPI_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível falar com o servidor wuzapi. Confira o endereço e se ele está no ar.',
    en: 'Could not reach the wuzapi server. Check its address and that it is running.',
  },
  ERR_UAZAPI_ADMIN_TOKEN: {
    status: 400,
    'pt-BR': 'O servidor uazapi recusou o token de administrador (admintoken). Confira o token e salve a conexão.',
    en: 'The uazapi server refused the admin token (admintoken). Check the token and save the connection.',
  },
  ERR_UAZAPI_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível falar com o servidor uazapi. Confira o endereço e se ele está no ar.',
    en: 'Could not reach the uazapi server. Check its address and that it is running.',
  },
  ERR_SMS_GATEWAY_TOKEN: {
    status: 400,
    'pt-BR': 'O gateway de SMS recusou o token desta conexão. Confira o token e salve a conexão.',
    en: "The SMS gateway refused this connection's token. Check the token and save the connection.",
  },
  ERR_HUB_TOKEN: {
    status: 400,
    'pt-BR': 'O NotificaMe Hub recusou o token da API desta conexão. Confira o token e salve a conexão.',
    en: "NotificaMe Hub refused this connection's API token. Check the token and save the connection.",
  },
  ERR_HUB_CHANNEL: {
    status: 400,
    'pt-BR': 'O NotificaMe Hub não aceitou o token do canal desta conexão. Confira o canal e o token no painel do Hub.',
    en: "NotificaMe Hub did not accept this connection's channel token. Check the channel and its token in the Hub's panel.",
  },
  ERR_HUB_UNREACHABLE: {
    status: 502,
    'pt-BR': 'Não foi possível falar com o NotificaMe Hub. Tente de novo em instantes.',
    en: 'Could not reach NotificaMe Hub. Try again in a moment.',
  },
} as const satisfies Record<string, TErrorEntry>;
