import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's per-request lines at debug instead of info: at the default LOG_LEVEL=info the log holds what needs
 * a look (warnings, errors, starts and stops), not one line per request; LOG_LEVEL=debug brings them back.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // A refused request (4xx) is the client's business; a failure of ours (5xx) is an error.
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, error.message);
    else reply.log.debug({ res: reply, err: error }, error.message);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug({ res: reply }, 'stream closed prematurely');
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent');
  }
}
