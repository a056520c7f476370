import { z } from 'zod';

/**
 * An approved-message template of a channel with a customer-service window (WhatsApp Cloud API), as synced
 * from the provider. `bodyVariables` / `headerVariables` name the placeholders in order (`1`, `2`... or
 * named ones); a template whose header wants media cannot be sent from the composer yet (`sendable`).
 */
export const ZMessageTemplate = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  status: z.string(),
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  headerVariables: z.array(z.string()),
  bodyVariables: z.array(z.string()),
  sendable: z.boolean(),
});
export type TMessageTemplate = z.infer<typeof ZMessageTemplate>;

export const ZMessageTemplateList = z.object({
  /** False when the connection's channel has no templates (it takes free text at any time). */
  supported: z.boolean(),
  templates: z.array(ZMessageTemplate),
  syncedAt: z.string().nullable(),
});
export type TMessageTemplateList = z.infer<typeof ZMessageTemplateList>;

const ZParam = z.string().trim().min(1).max(1024);

/** POST /messages/:ticketId/template: one template with its placeholders filled, in order. */
export const ZSendTemplate = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  headerParams: z.array(ZParam).max(1).default([]),
  bodyParams: z.array(ZParam).max(30).default([]),
  idFront: z.string().trim().min(1).max(100).optional(),
});
export type TSendTemplate = z.infer<typeof ZSendTemplate>;

/** GET /tickets/:ticketId/service-window: whether free text may go now, and until when. */
export const ZServiceWindow = z.object({
  /** The channel's window in hours; null when it has none (free text at any time). */
  hours: z.number().int().nullable(),
  open: z.boolean(),
  endsAt: z.string().nullable(),
  /** Whether the channel has approved templates to reopen a closed window (Cloud API); others wait for the customer. */
  templates: z.boolean(),
});
export type TServiceWindow = z.infer<typeof ZServiceWindow>;

const placeholder = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholders of a template text, once each, in order of appearance. */
export const templateVariables = (text: string | null): string[] => [
  ...new Set([...(text ?? '').matchAll(placeholder)].map((match) => match[1] as string)),
];

/** A template text with its placeholders filled (unfilled ones stay as written). */
export const fillTemplate = (text: string, variables: readonly string[], params: readonly string[]): string =>
  text.replace(placeholder, (whole, key: string) => {
    const index = variables.indexOf(key);
    return index >= 0 && params[index] !== undefined ? (params[index] as string) : whole;
  });

/** What the agent's side shows of a sent template: header, body and footer filled in. */
export const renderTemplate = (
  template: Pick<TMessageTemplate, 'header' | 'body' | 'footer' | 'headerVariables' | 'bodyVariables'>,
  params: { headerParams: readonly string[]; bodyParams: readonly string[] },
): string =>
  [
    template.header ? fillTemplate(template.header, template.headerVariables, params.headerParams) : null,
    fillTemplate(template.body, template.bodyVariables, params.bodyParams),
    template.footer,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
