import { type TMessageTemplate, templateVariables } from '@prosa/contracts';
import type { TTemplateSend } from '../types.js';
import type { TGraphTemplate } from './graph-api.js';

// Our messages and templates in the Cloud API's shapes, and Meta's templates in ours.

/** Cloud API media kinds for our media types (voice notes are audio; others without a kind go as documents). */
export const graphMediaKind = (mediaType: string) =>
  mediaType === 'ptt'
    ? 'audio'
    : ['image', 'video', 'audio', 'document', 'sticker'].includes(mediaType)
      ? mediaType
      : 'document';

/** Template parameters as the Cloud API wants them: positional, or named (`parameter_name`) for named ones. */
const graphParameters = (variables: readonly string[], values: readonly string[]) =>
  values.map((text, index) => {
    const key = variables[index] ?? String(index + 1);
    return { type: 'text', text, ...(/^\d+$/.test(key) ? {} : { parameter_name: key }) };
  });

export const graphTemplate = (template: TTemplateSend) => {
  const components = [
    ...(template.headerParams.length > 0
      ? [{ type: 'header', parameters: graphParameters(template.headerVariables, template.headerParams) }]
      : []),
    ...(template.bodyParams.length > 0
      ? [{ type: 'body', parameters: graphParameters(template.bodyVariables, template.bodyParams) }]
      : []),
  ];
  return {
    name: template.name,
    language: { code: template.language, policy: 'deterministic' },
    ...(components.length > 0 ? { components } : {}),
  };
};

/** A template as Meta lists it -> ours: header/body/footer texts and their placeholders. */
export const toMessageTemplate = (graph: TGraphTemplate): TMessageTemplate => {
  const part = (type: string) => graph.components.find((component) => component.type === type);
  const header = part('HEADER');
  const headerText = header && (header.format ?? 'TEXT') === 'TEXT' ? (header.text ?? null) : null;
  const body = part('BODY')?.text ?? '';
  return {
    name: graph.name,
    language: graph.language,
    category: graph.category,
    status: graph.status,
    header: headerText,
    body,
    footer: part('FOOTER')?.text ?? null,
    headerVariables: templateVariables(headerText),
    bodyVariables: templateVariables(body),
    // A media header needs a file to go with it: not offered from the composer yet.
    sendable: graph.status === 'APPROVED' && (!header || (header.format ?? 'TEXT') === 'TEXT'),
  };
};
