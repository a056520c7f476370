import { errorCatalogue, getErrorMessage, type TErrorBody, type TErrorCode } from '@prosa/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type of the server: a catalogue code, optionally the field at fault and extra data. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly field: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(code: TErrorCode, options: { field?: string; data?: Record<string, unknown>; detail?: string } = {}) {
    super(options.detail ?? code);
    this.code = code;
    this.field = options.field;
    this.data = options.data;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }
}

/**
 * PostgreSQL errors that only bad input causes (a value the column's type refuses), by SQLSTATE, with what the
 * answer says about it. The boundary's schemas and input guard stop each of these first; this is the safety net.
 */
const inputDataErrors: Record<string, string> = {
  '22P02': 'um valor não tem o formato esperado',
  '22003': 'um número está fora do intervalo aceito',
  '22021': 'um texto contém um caractere inválido',
  '22P05': 'um texto contém um caractere que não pode ser guardado',
  '22007': 'uma data ou hora não tem o formato esperado',
  '22008': 'uma data ou hora está fora do intervalo aceito',
};

type TPgError = { code: string; column?: string; message: string };

/** Logged (warn) when the database, not the boundary, refused a request's input: a gap to close. */
export const INPUT_REACHED_DATABASE = 'input reached the database and was refused there';

/** The PostgreSQL data error behind `error` (drizzle wraps the driver's error as its cause), if it is one. */
const inputDataErrorOf = (error: unknown): TPgError | null => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && Object.hasOwn(inputDataErrors, code)) return cause as TPgError;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
};

const bodyFor = (code: TErrorCode, extra: Partial<TErrorBody> = {}): TErrorBody => ({
  error: code,
  message: getErrorMessage(code),
  ...extra,
});

export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...bodyFor(error.code, error.field ? { field: error.field } : {}), ...error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const where = error.validationContext ?? 'body';
      const detail = issue?.message ?? 'invalid';
      return reply.status(400).send({
        error: 'ERR_VALIDATION',
        message: `${getErrorMessage('ERR_VALIDATION')} ${field || where}: ${detail}`,
        field: field || where,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(bodyFor('ERR_INTERNAL'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(bodyFor('ERR_PAYLOAD_TOO_LARGE'));
    if (status === 429) return reply.status(429).send(bodyFor('ERR_RATE_LIMIT'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content type and similar client mistakes.
      return reply.status(status).send({
        error: 'ERR_VALIDATION',
        message: `${getErrorMessage('ERR_VALIDATION')} ${error.message}`,
        field: 'body',
      });
    }
    const dataError = inputDataErrorOf(error);
    if (dataError) {
      // The boundary should have refused this input: logged at warn so the gap is found and closed.
      request.log.warn({ err: error, sqlState: dataError.code }, INPUT_REACHED_DATABASE);
      const field = dataError.column ?? 'request';
      return reply.status(400).send({
        error: 'ERR_VALIDATION',
        message: `${getErrorMessage('ERR_VALIDATION')} ${field}: ${inputDataErrors[dataError.code]}`,
        field,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(bodyFor('ERR_INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(
      bodyFor('ERR_NOT_FOUND', {
        message: `${getErrorMessage('ERR_NOT_FOUND')} ${request.method} ${request.url.split('?')[0]}`,
      }),
    );
  });
};
