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
