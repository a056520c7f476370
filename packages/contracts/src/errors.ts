// The error catalogue (spec section 8). The server throws codes; the web translates them.
export const errorCatalogue = {
  ERR_NO_DEF_WAPP_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum WhatsApp padrão encontrado. Verifique a página de conexões.',
    en: 'No default WhatsApp found. Check the connections page.',
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
  ERR_WABA_TOKEN_INVALID: {
    status: 400,
    'pt-BR': 'A Meta recusou o token de acesso desta conexão. Gere um novo token e salve a conexão.',
    en: "Meta refused this connection's access token. Create a new token and save the connection.",
  },
  ERR_WABA_OUTSIDE_WINDOW: {
    status: 400,
    'pt-BR':
      'Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo de mensagem aprovado.',
    en: "Outside WhatsApp's 24-hour window: the customer has not written in over 24 hours. Send an approved template.",
  },
  ERR_CHANNEL_OUTSIDE_WINDOW: {
    status: 400,
    'pt-BR':
      'Fora da janela de 24 horas: o cliente não escreve há mais de 24 horas e este canal não aceita mensagens até ele escrever de novo.',
    en: 'Outside the 24-hour window: the customer has not written in over 24 hours and this channel takes no messages until they write again.',
  },
  ERR_WABA_TEMPLATES: {
    status: 502,
    'pt-BR': 'Não foi possível buscar os modelos de mensagem na Meta. Tente de novo em instantes.',
    en: 'Could not fetch the message templates from Meta. Try again in a moment.',
  },
  ERR_TEMPLATE_NOT_FOUND: {
    status: 400,
    'pt-BR': 'Este modelo não existe ou ainda não foi aprovado pela Meta. Sincronize os modelos e tente de novo.',
    en: 'This template does not exist or is not approved by Meta yet. Sync the templates and try again.',
  },
  ERR_WABA_SIGNATURE: {
    status: 401,
    'pt-BR': 'Assinatura do webhook inválida.',
    en: 'Invalid webhook signature.',
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
  ERR_SMS_TEXT_ONLY: {
    status: 400,
    'pt-BR': 'SMS leva só texto: envie a mensagem sem anexo.',
    en: 'SMS carries text only: send the message without an attachment.',
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
  ERR_WAPP_DOWNLOAD_MEDIA: {
    status: 400,
    'pt-BR': 'Não foi possível baixar a mídia do WhatsApp.',
    en: 'Could not download media from WhatsApp.',
  },
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
  ERR_SENDING_WAPP_MSG: {
    status: 502,
    'pt-BR': 'Erro ao enviar a mensagem.',
    en: 'Error sending the message.',
  },
  ERR_DELETE_WAPP_MSG: {
    status: 400,
    'pt-BR': 'Não foi possível apagar a mensagem.',
    en: 'Could not delete the message.',
  },
  ERR_OTHER_OPEN_TICKET: {
    status: 409,
    'pt-BR': 'Já existe um atendimento aberto para este contato.',
    en: 'A ticket is already open for this contact.',
  },
  ERR_SESSION_EXPIRED: {
    status: 401,
    'pt-BR': 'Sessão expirada. Faça login.',
    en: 'Session expired. Please log in.',
  },
  ERR_USER_CREATION_DISABLED: {
    status: 403,
    'pt-BR': 'A criação de usuários foi desabilitada pelo administrador.',
    en: 'User creation was disabled by the administrator.',
  },
  ERR_NO_PERMISSION: {
    status: 403,
    'pt-BR': 'Você não tem permissão para acessar este recurso.',
    en: 'You do not have permission to access this resource.',
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
  ERR_NO_SETTING_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma configuração encontrada com este ID.',
    en: 'No setting found with this ID.',
  },
  ERR_NO_CONTACT_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum contato encontrado com este ID.',
    en: 'No contact found with this ID.',
  },
  ERR_NO_TICKET_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum atendimento encontrado com este ID.',
    en: 'No ticket found with this ID.',
  },
  ERR_NO_USER_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum usuário encontrado com este ID.',
    en: 'No user found with this ID.',
  },
  ERR_NO_WAPP_FOUND: {
    status: 404,
    'pt-BR': 'Nenhum WhatsApp encontrado com este ID.',
    en: 'No WhatsApp found with this ID.',
  },
  ERR_NO_TENANT_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma empresa encontrada com este ID.',
    en: 'No company found with this ID.',
  },
  ERR_NO_QUEUE_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma fila encontrada com este ID.',
    en: 'No queue found with this ID.',
  },
  ERR_CREATING_MESSAGE: {
    status: 500,
    'pt-BR': 'Erro ao criar a mensagem no banco de dados.',
    en: 'Error creating the message in the database.',
  },
  ERR_CREATING_TICKET: {
    status: 500,
    'pt-BR': 'Erro ao criar o atendimento no banco de dados.',
    en: 'Error creating the ticket in the database.',
  },
  ERR_CONNECTION_LIMIT: {
    status: 403,
    'pt-BR': 'Limite de conexões do plano atingido.',
    en: "The plan's connection limit has been reached.",
  },
  ERR_NO_MESSAGE_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma mensagem encontrada com este ID.',
    en: 'No message found with this ID.',
  },
  ERR_SEND_INTERRUPTED: {
    status: 502,
    'pt-BR': 'O envio foi interrompido e pode não ter chegado. Confira com o cliente e reenvie se preciso.',
    en: 'Sending was interrupted and may not have arrived. Check with the customer and resend if needed.',
  },
  ERR_FETCH_WAPP_MSG: {
    status: 400,
    'pt-BR': 'Erro ao buscar a mensagem no WhatsApp. Talvez ela seja muito antiga.',
    en: 'Error fetching the WhatsApp message. It may be too old.',
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
  ERR_SIGNUP_DISABLED: {
    status: 403,
    'pt-BR': 'O cadastro de novas empresas está desabilitado.',
    en: 'Signing up new companies is disabled.',
  },
  ERR_MASTERKEY_DISABLED: {
    status: 403,
    'pt-BR': 'O acesso por chave mestra está desabilitado.',
    en: 'Master key access is disabled.',
  },
  ERR_CANNOT_DELETE_SELF: {
    status: 400,
    'pt-BR': 'Você não pode excluir o seu próprio usuário.',
    en: 'You cannot delete your own user.',
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
} as const satisfies Record<string, { status: number; 'pt-BR': string; en: string }>;

export type TErrorCode = keyof typeof errorCatalogue;
export type TLocale = 'pt-BR' | 'en';

export const isErrorCode = (code: unknown): code is TErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);

export const getErrorMessage = (code: TErrorCode, locale: TLocale = 'pt-BR'): string => errorCatalogue[code][locale];

/** HTTP error body sent by the server for every failure. */
export type TErrorBody = {
  error: string;
  message: string;
  /** Present on validation errors: the offending field path, e.g. "email" or "businessHours.2.hr1". */
  field?: string;
};
