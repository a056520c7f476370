import type { TErrorEntry } from './entry.js';

// Sending, fetching, editing and deleting messages.
export const messageErrors = {
  ERR_CHANNEL_NO_HISTORY: {
    status: 409,
    'pt-BR': 'Este canal não busca mensagens antigas: só o WhatsApp por QR code (Baileys) as pede ao celular.',
    en: 'This channel cannot fetch older messages: only WhatsApp by QR code (Baileys) asks the phone for them.',
  },
  ERR_HISTORY_NO_ANCHOR: {
    status: 409,
    'pt-BR': 'Esta conversa ainda não tem mensagem do canal a partir da qual buscar as anteriores.',
    en: 'This conversation has no channel message yet to fetch the earlier ones from.',
  },
  ERR_SCHEDULE_NOT_PENDING: {
    status: 409,
    'pt-BR': 'Este agendamento já foi enviado ou cancelado.',
    en: 'This scheduled message was already sent or cancelled.',
  },
  ERR_NO_MESSAGE_FOUND: {
    status: 404,
    'pt-BR': 'Nenhuma mensagem encontrada com este ID.',
    en: 'No message found with this ID.',
  },
  ERR_CREATING_MESSAGE: {
    status: 500,
    'pt-BR': 'Erro ao criar a mensagem no banco de dados.',
    en: 'Error creating the message in the database.',
  },
  ERR_SENDING_WAPP_MSG: {
    status: 502,
    'pt-BR': 'Erro ao enviar a mensagem.',
    en: 'Error sending the message.',
  },
  ERR_SEND_INTERRUPTED: {
    status: 502,
    'pt-BR': 'O envio foi interrompido e pode não ter chegado. Confira com o cliente e reenvie se preciso.',
    en: 'Sending was interrupted and may not have arrived. Check with the customer and resend if needed.',
  },
  ERR_DELETE_WAPP_MSG: {
    status: 400,
    'pt-BR': 'Não foi possível apagar a mensagem.',
    en: 'Could not delete the message.',
  },
  ERR_FETCH_WAPP_MSG: {
    status: 400,
    'pt-BR': 'Erro ao buscar a mensagem no WhatsApp. Talvez ela seja muito antiga.',
    en: 'Error fetching the WhatsApp message. It may be too old.',
  },
  ERR_WAPP_DOWNLOAD_MEDIA: {
    status: 400,
    'pt-BR': 'Não foi possível baixar a mídia do WhatsApp.',
    en: 'Could not download media from WhatsApp.',
  },
  ERR_WABA_OUTSIDE_WINDOW: {
    status: 400,
    'pt-BR':
      'Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo de mensagem aprovado.',
    en: "Outside WhatsApp's 24-hour window: the customer has not written in over 24 hours. Send an approved template.",
  },
  /** Meta throttled the number (codes 4, 80007, 130429): campaigns pause on it. */
  ERR_WABA_RATE_LIMIT: {
    status: 429,
    'pt-BR': 'O WhatsApp limitou a taxa de envio deste número. Aguarde e tente de novo mais tarde.',
    en: 'WhatsApp throttled this number. Wait and try again later.',
  },
  /** Meta refused for the number's quality (131048 spam rate limit, 368 policy block): campaigns pause on it. */
  ERR_WABA_QUALITY: {
    status: 429,
    'pt-BR':
      'O WhatsApp recusou o envio pela qualidade do número (limite de spam ou bloqueio por política). Reduza o ritmo e revise a mensagem.',
    en: "WhatsApp refused the send for the number's quality (spam limit or policy block). Slow down and review the message.",
  },
  ERR_CHANNEL_OUTSIDE_WINDOW: {
    status: 400,
    'pt-BR':
      'Fora da janela de 24 horas: o cliente não escreve há mais de 24 horas e este canal não aceita mensagens até ele escrever de novo.',
    en: 'Outside the 24-hour window: the customer has not written in over 24 hours and this channel takes no messages until they write again.',
  },
  ERR_TEMPLATE_NOT_FOUND: {
    status: 400,
    'pt-BR': 'Este modelo não existe ou ainda não foi aprovado pela Meta. Sincronize os modelos e tente de novo.',
    en: 'This template does not exist or is not approved by Meta yet. Sync the templates and try again.',
  },
  ERR_SMS_TEXT_ONLY: {
    status: 400,
    'pt-BR': 'SMS leva só texto: envie a mensagem sem anexo.',
    en: 'SMS carries text only: send the message without an attachment.',
  },
} as const satisfies Record<string, TErrorEntry>;
