import { accountErrors } from './errors/accounts.js';
import { assistantErrors } from './errors/assistants.js';
import { authErrors } from './errors/auth.js';
import { chatFlowErrors } from './errors/chat-flows.js';
import { connectionErrors } from './errors/connections.js';
import { contactErrors } from './errors/contacts.js';
import { messageErrors } from './errors/messages.js';
import { outreachErrors } from './errors/outreach.js';
import { providerErrors } from './errors/providers.js';
import { proxyErrors } from './errors/proxy.js';
import { requestErrors } from './errors/request.js';
import { ticketErrors } from './errors/tickets.js';

// The error catalogue (spec section 8). The server throws codes; the web translates them.
// Each area keeps its codes in its own file under errors/; add a new code to the file of its area.
export const errorCatalogue = {
  ...connectionErrors,
  ...proxyErrors,
  ...providerErrors,
  ...messageErrors,
  ...ticketErrors,
  ...chatFlowErrors,
  ...assistantErrors,
  ...outreachErrors,
  ...contactErrors,
  ...authErrors,
  ...accountErrors,
  ...requestErrors,
} as const;

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
  /** Present when a document failed several checks at once (a chat flow: every node to mark). */
  issues?: { nodeId: string | null; path: string; message: string }[];
};
