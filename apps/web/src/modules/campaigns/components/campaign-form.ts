import type { FormErrors } from '@mantine/form';
import type { TCampaign, TCampaignInput, TCampaignKind, TCampaignTemplate, TConnection } from '@prosa/contracts';
import { templateCampaignKinds, ZCampaignInput } from '@prosa/contracts';
import { type TSafeParseSchema, zodResolver } from '../../../ui/zod-form';
import { localInputToIsoWithOffset, toLocalInputValue } from '../../attendance/components/format-time';

/** The most message variants a campaign takes (one is drawn per contact). */
export const MAX_VARIANTS = 3;

/** A template as the form holds it: which one (`name|language`) and its placeholders' values. */
export type TTemplateValue = { key: string | null; headerParams: string[]; bodyParams: string[] };

/** The sending fields every campaign and mass send has, as Mantine inputs hold them. */
export type TSendFields = {
  connectionId: string | null;
  messages: string[];
  template: TTemplateValue;
  delaySeconds: number | string;
  windowStart: string;
  windowEnd: string;
  /** Empty: no cap. */
  dailyCap: number | string;
};

export type TCampaignForm = TSendFields & { name: string; startAt: string };

export const emptyTemplate: TTemplateValue = { key: null, headerParams: [], bodyParams: [] };

export const emptySendFields = (): TSendFields => ({
  connectionId: null,
  messages: [''],
  template: emptyTemplate,
  delaySeconds: 20,
  windowStart: '08:00',
  windowEnd: '20:00',
  dailyCap: '',
});

export const emptyCampaignForm = (): TCampaignForm => ({ ...emptySendFields(), name: '', startAt: '' });

export const templateKey = (template: Pick<TCampaignTemplate, 'name' | 'language'>) =>
  `${template.name}|${template.language}`;

export const campaignToForm = (campaign: TCampaign): TCampaignForm => ({
  name: campaign.name,
  connectionId: campaign.connection ? String(campaign.connection.id) : null,
  messages: campaign.messages.length > 0 ? campaign.messages : [''],
  template: campaign.template
    ? {
        key: templateKey(campaign.template),
        headerParams: campaign.template.headerParams,
        bodyParams: campaign.template.bodyParams,
      }
    : emptyTemplate,
  startAt: campaign.startAt ? toLocalInputValue(new Date(campaign.startAt)) : '',
  delaySeconds: campaign.delaySeconds,
  windowStart: campaign.windowStart,
  windowEnd: campaign.windowEnd,
  dailyCap: campaign.dailyCap ?? '',
});

export const isTemplateKind = (kind: TCampaignKind): boolean => templateCampaignKinds.includes(kind);

const toTemplate = (value: TTemplateValue): TCampaignTemplate | null => {
  if (!value.key) return null;
  const split = value.key.lastIndexOf('|');
  return {
    name: value.key.slice(0, split),
    language: value.key.slice(split + 1),
    headerParams: value.headerParams.map((param) => param.trim()),
    bodyParams: value.bodyParams.map((param) => param.trim()),
  };
};

const toNumber = (value: number | string): number => (value === '' ? Number.NaN : Number(value));

/** The sending fields as the contract has them: text kinds send messages, template kinds a template. */
export const sendFieldsToBody = (values: TSendFields, kind: TCampaignKind) => {
  const template = isTemplateKind(kind);
  return {
    // NOTE: null only reaches the contract's check (which names the field), never the server: forms validate first.
    connectionId: values.connectionId ? Number(values.connectionId) : (null as unknown as number),
    messages: template ? [] : values.messages.map((message) => message.trim()).filter(Boolean),
    template: template ? toTemplate(values.template) : null,
    delaySeconds: toNumber(values.delaySeconds),
    windowStart: values.windowStart,
    windowEnd: values.windowEnd,
    dailyCap: values.dailyCap === '' ? null : toNumber(values.dailyCap),
  };
};

/** POST /campaigns's body (PUT takes the same without the kind). */
export const campaignFormToBody = (values: TCampaignForm, kind: TCampaignKind): TCampaignInput => ({
  kind,
  name: values.name.trim(),
  ...sendFieldsToBody(values, kind),
  startAt: values.startAt ? localInputToIsoWithOffset(values.startAt) : null,
});

/** Valid stand-ins for fields that already failed, so the contract's cross-field checks run too. */
const validFiller: Record<string, unknown> = {
  name: 'x',
  connectionId: 1,
  startAt: null,
  delaySeconds: 20,
  windowStart: '00:00',
  windowEnd: '23:59',
  dailyCap: null,
};

/**
 * The contract's checks on a campaign (or mass send) body, all at once: zod runs an object's refinements (window end after
 * its start, a message or a template) only once its fields pass, so a second pass puts valid stand-ins in the
 * fields that failed and adds what the refinements say. The first pass's errors win.
 */
export const validateCampaignBody = (body: object, schema: TSafeParseSchema = ZCampaignInput): FormErrors => {
  const errors = zodResolver(schema)(body);
  const failed = Object.keys(errors).map((path) => path.split('.')[0] as string);
  if (failed.length === 0) return errors;
  const patched: Record<string, unknown> = { ...body };
  for (const field of failed) if (field in validFiller) patched[field] = validFiller[field];
  return { ...zodResolver(schema)(patched), ...errors };
};

/** The form's errors by the contract (empty name, window end before its start, no message...). */
export const campaignResolver =
  (kind: TCampaignKind) =>
  (values: TCampaignForm): FormErrors =>
    validateCampaignBody(campaignFormToBody(values, kind));

/** WhatsApp by QR code and the gateways over it: the channels with group tools (docs/group-tools.md). */
const groupChannels = new Set(['baileys', 'evolution', 'zapi', 'uazapi', 'wuzapi']);

/**
 * The connections that can send a kind: SMS through SMS connections, templates through channels that have
 * them (WhatsApp Cloud API), free text through the messaging channels (never the site's web chat).
 */
export const canSendKind = (connection: Pick<TConnection, 'type'>, kind: TCampaignKind): boolean => {
  switch (kind) {
    case 'sms':
      return connection.type === 'sms';
    case 'template':
    case 'template-variavel':
      return connection.type === 'waba';
    case 'texto':
    case 'textovariavel':
      return !['sms', 'webchat', 'waba'].includes(connection.type);
    case 'campaign':
      return !['sms', 'webchat'].includes(connection.type);
    // Groups: the channels that see a number's groups and administer them (docs/group-tools.md).
    case 'grupos':
    case 'grupos-mencao':
    case 'participantes':
      return groupChannels.has(connection.type);
    default: {
      const unknownKind: never = kind;
      return Boolean(unknownKind);
    }
  }
};

/** A campaign (not a mass send) on a Cloud API connection goes as a template. */
export const campaignKindFor = (connection: Pick<TConnection, 'type'> | undefined): TCampaignKind =>
  connection?.type === 'waba' ? 'template' : 'campaign';

/** The column names of a CSV file's header row (`;` or `,` separated), for the variables preview. */
export const csvColumns = (text: string): string[] => {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const separator = header.split(';').length > header.split(',').length ? ';' : ',';
  return header
    .split(separator)
    .map((column) => column.trim().replace(/^"|"$/g, ''))
    .filter(Boolean);
};
