export const autoClosePtBR = {
  title: 'Encerramento automático',
  hint: 'Atendimentos abertos sem nenhuma mensagem por este tempo são encerrados, depois de enviar a mensagem abaixo ao cliente.',
  after: 'Encerrar após',
  options: {
    '0': 'Desligado',
    '10': '10 minutos',
    '60': '1 hora',
    '1440': '1 dia',
    '7200': '5 dias',
    '14400': '10 dias',
  },
  message: 'Mensagem de encerramento',
  messageHint: 'Variáveis: {{vars}}. Deixe em branco para encerrar sem mensagem.',
  save: 'Salvar mensagem',
};

export const autoCloseEn: typeof autoClosePtBR = {
  title: 'Auto-close',
  hint: 'Open tickets without any message for this long are closed, after the message below is sent to the customer.',
  after: 'Close after',
  options: {
    '0': 'Off',
    '10': '10 minutes',
    '60': '1 hour',
    '1440': '1 day',
    '7200': '5 days',
    '14400': '10 days',
  },
  message: 'Closing message',
  messageHint: 'Variables: {{vars}}. Leave empty to close without a message.',
  save: 'Save message',
};
