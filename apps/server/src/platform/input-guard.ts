import { getErrorMessage } from '@prosa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Input from outside parties (channel webhooks, the web chat visitor): text PostgreSQL cannot store is
     * cleaned instead of refused, so that a customer's message is never lost for one bad character.
     */
    cleanInput?: boolean;
  }
}

// PostgreSQL stores neither NUL nor half of a UTF-16 surrogate pair (a lone surrogate, e.g. a cut emoji).
const NUL = /\0/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
const hasBadCharacter = (text: string) => text.includes('\0') || HAS_LONE_SURROGATE.test(text);

/** The text without NUL, its lone surrogates replaced with U+FFFD. */
export const cleanText = (text: string): string =>
  hasBadCharacter(text) ? text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD') : text;

/** Arrays and plain objects (parsed JSON, forms, queries); a Buffer, a Date or a class instance is left alone. */
const isPlainContainer = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  // The query parser's objects inherit from a prototype-less `Empty`: plain all the same.
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
};

/** A parsed input (JSON, form, query) with every string and key cleaned; other values as they are. */
export const cleanInput = <T>(value: T): T => {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanInput) as T;
  if (!isPlainContainer(value)) return value;
  const cleaned: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) cleaned[cleanText(key)] = cleanInput(inner);
  return cleaned as T;
};

/** The path ("body.contact.name", "query.searchParam") of the first string or key PostgreSQL cannot store. */
export const findBadText = (value: unknown, path: string): string | null => {
  if (typeof value === 'string') return hasBadCharacter(value) ? path : null;
  if (!isPlainContainer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (hasBadCharacter(key)) return at;
    const found = findBadText(inner, at);
    if (found) return found;
  }
  return null;
};

const parts = ['params', 'query', 'body'] as const;

/** Refuses, with 400 naming the field, the first text PostgreSQL cannot store among a request's parts. */
export const refuseBadText = (request: Partial<Pick<FastifyRequest, (typeof parts)[number]>>) => {
  for (const part of parts) {
    const found = findBadText(request[part], part);
    if (!found) continue;
    // Named the way validation errors name it: "name", "contact.name", or the part itself for a whole string.
    const field = found === part ? part : found.slice(part.length + 1);
    throw new AppError('ERR_INVALID_CHARACTER', {
      field,
      data: { message: `${getErrorMessage('ERR_INVALID_CHARACTER')} Campo: ${field}.` },
    });
  }
};

/**
 * NOTE: the one place where text PostgreSQL cannot store (NUL, lone surrogates) is stopped. Our API refuses it
 * with 400 naming the field, after authentication and before validation; routes marked `cleanInput` (what
 * channels deliver) get it cleaned instead, path and query before their webhook gate reads the token, the body
 * once parsed. Raw bodies kept for a signature check are cleaned by their route after parsing (`cleanInput`).
 */
export const registerInputGuard = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.cleanInput) return;
    request.params = cleanInput(request.params);
    request.query = cleanInput(request.query);
  });
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.cleanInput) request.body = cleanInput(request.body);
    else refuseBadText(request);
  });
};

/** Marks every route registered on `scope` from now on as taking input from outside parties (`cleanInput`). */
export const cleanInputOfRoutes = (scope: FastifyInstance): void => {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, cleanInput: true };
  });
};
