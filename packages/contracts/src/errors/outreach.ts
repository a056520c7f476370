import type { TErrorEntry } from './entry.js';

// Campaigns, mass sends and group tools (issue 20).
export const outreachErrors = {
  ERR_CAMPAIGN_NOT_FOUND: {
    status: 404,
    'pt-BR': 'Campanha não encontrada.',
    en: 'Campaign not found.',
  },
  /** The action does not apply to the campaign's status (start a finished one, resume a running one...). */
  ERR_CAMPAIGN_STATUS: {
    status: 409,
    'pt-BR': 'Esta ação não vale para a campanha no status em que ela está. Atualize a página.',
    en: 'This action does not apply to the campaign in its current status. Reload the page.',
  },
  /** A campaign message still waiting to go when its campaign was canceled: taken back, never sent. */
  ERR_CAMPAIGN_CANCELED: {
    status: 409,
    'pt-BR': 'Não enviada: a campanha foi cancelada antes do envio.',
    en: 'Not sent: the campaign was canceled before it went out.',
  },
  ERR_CAMPAIGN_LOCKED: {
    status: 409,
    'pt-BR': 'Pause a campanha antes de alterá-la; campanhas encerradas ou canceladas não mudam mais.',
    en: 'Pause the campaign before changing it; finished or canceled campaigns no longer change.',
  },
  ERR_CAMPAIGN_NO_CONTACTS: {
    status: 400,
    'pt-BR': 'A campanha não tem contatos. Adicione contatos antes de iniciá-la.',
    en: 'The campaign has no contacts. Add contacts before starting it.',
  },
  /** The connection is gone, or its channel cannot send this kind (a template on a channel without templates). */
  ERR_CAMPAIGN_CONNECTION: {
    status: 400,
    'pt-BR': 'A conexão escolhida não pode enviar esta campanha. Escolha outra conexão.',
    en: 'The chosen connection cannot send this campaign. Choose another connection.',
  },
  ERR_CAMPAIGN_TOO_MANY_CONTACTS: {
    status: 400,
    'pt-BR': 'A campanha passou do limite de 200.000 contatos.',
    en: 'The campaign is over the limit of 200,000 contacts.',
  },
  ERR_CAMPAIGN_CSV: {
    status: 400,
    'pt-BR': 'Não foi possível ler o arquivo CSV. Envie um CSV com uma coluna "number" (ou "numero").',
    en: 'The CSV file could not be read. Send a CSV with a "number" column.',
  },
  /** A CSV is being imported into the campaign (a job): starting it or another import waits for the end. */
  ERR_CAMPAIGN_IMPORT_RUNNING: {
    status: 409,
    'pt-BR': 'Um arquivo CSV ainda está sendo importado para esta campanha. Aguarde o fim da importação.',
    en: 'A CSV file is still being imported into this campaign. Wait for the import to finish.',
  },
  /** A CSV import's job stopped on an unexpected error after its retries (the rows already imported stay). */
  ERR_CAMPAIGN_IMPORT_FAILED: {
    status: 500,
    'pt-BR':
      'A importação do CSV parou por um erro. As linhas já importadas ficaram; envie o arquivo de novo para o restante.',
    en: 'The CSV import stopped on an error. The rows already imported stay; send the file again for the rest.',
  },
  ERR_VOICE_NOT_AVAILABLE: {
    status: 501,
    'pt-BR': 'As ligações em massa chegam com o módulo de voz (Wavoip), que ainda não está disponível.',
    en: 'Mass calls come with the voice module (Wavoip), which is not available yet.',
  },
  /** The connection's number is not an admin of the group, and WhatsApp requires one for the action. */
  ERR_GROUP_NOT_ADMIN: {
    status: 403,
    'pt-BR': 'Este número não é administrador do grupo; o WhatsApp exige isso para esta ação.',
    en: 'This number is not an admin of the group; WhatsApp requires it for this action.',
  },
  ERR_GROUP_NOT_FOUND: {
    status: 404,
    'pt-BR': 'Grupo não encontrado nesta conexão.',
    en: 'Group not found on this connection.',
  },
  /** The connection's channel has no group tools (only WhatsApp by QR code, for now). */
  ERR_GROUP_TOOLS_UNAVAILABLE: {
    status: 400,
    'pt-BR': 'Esta conexão não tem as ferramentas de grupos. Use uma conexão WhatsApp por QR code.',
    en: 'This connection has no group tools. Use a WhatsApp (QR code) connection.',
  },
  ERR_GROUP_TOOL_DUPLICATE: {
    status: 409,
    'pt-BR': 'Este grupo já tem esse item cadastrado.',
    en: 'This group already has that entry.',
  },
  /** WhatsApp refused or failed the action on this group. */
  ERR_GROUP_ACTION_FAILED: {
    status: 502,
    'pt-BR': 'O WhatsApp não concluiu a ação neste grupo. Tente de novo.',
    en: 'WhatsApp did not complete the action on this group. Try again.',
  },
  /** Per member of a group action: WhatsApp's answer for that number. */
  ERR_GROUP_MEMBER_ALREADY_IN: {
    status: 409,
    'pt-BR': 'Este número já está no grupo.',
    en: 'This number is already in the group.',
  },
  ERR_GROUP_MEMBER_NOT_IN_GROUP: {
    status: 404,
    'pt-BR': 'Este número não está no grupo.',
    en: 'This number is not in the group.',
  },
  /** WhatsApp's 403 for one member: their privacy settings do not let others add them (an invite is needed). */
  ERR_GROUP_MEMBER_REFUSED: {
    status: 403,
    'pt-BR': 'O WhatsApp recusou este número (a privacidade dele não permite ser adicionado; envie um convite).',
    en: 'WhatsApp refused this number (their privacy settings do not allow being added; send an invite).',
  },
  ERR_GROUP_ENTRY_NOT_FOUND: {
    status: 404,
    'pt-BR': 'Item da ferramenta de grupos não encontrado.',
    en: 'Group tool entry not found.',
  },
  /** A member who left is known by their LID alone: no number to send the private farewell to. */
  ERR_GROUP_MEMBER_NO_NUMBER: {
    status: 422,
    'pt-BR': 'O WhatsApp não informou o número deste participante; a mensagem no privado não pôde ser enviada.',
    en: "WhatsApp did not give this member's number; the private message could not be sent.",
  },
  /** The connection's gateway cannot delete other members' messages (wuzapi revokes only the number's own). */
  ERR_GROUP_DELETE_UNSUPPORTED: {
    status: 501,
    'pt-BR': 'Esta conexão não consegue apagar mensagens de outros participantes do grupo.',
    en: "This connection cannot delete other members' messages in the group.",
  },
} as const satisfies Record<string, TErrorEntry>;
