import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';

function fromFastify(error: FastifyError, bodyLimit: number | undefined): HttpError | null {
  const status = error.statusCode;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HttpError(
      413,
      `The request body is larger than ${bodyLimit ?? 'the limit of'} bytes; split it into several requests`,
    );
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new HttpError(
      415,
      'Unsupported content type; send application/json or application/x-www-form-urlencoded',
    );
  }
  if (status !== undefined && status >= 400 && status < 500)
    return new HttpError(status, error.message);
  return null;
}

/** Maps every error to the contract's status codes and its JSON body `{"message": ...}`. */
export function registerErrorHandler(
  app: FastifyInstance,
  onInternalError: (error: unknown) => void,
): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const mapped =
      error instanceof HttpError
        ? error
        : fromFastify(error as FastifyError, request.routeOptions.bodyLimit);
    if (mapped) {
      for (const [name, value] of Object.entries(mapped.headers)) void reply.header(name, value);
      return reply.code(mapped.status).send(mapped.toBody());
    }
    onInternalError(error);
    return reply.code(500).send({ message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );
}
