import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

// The Graph API as both of Meta's fakes answer it (the WhatsApp Cloud API and the Messenger Platform): the
// version in the path, JSON bodies, and the error envelope our server reads the code and subcode from.

export const graphVersion = 'v22.0';

/** A Graph answer (`application/json`, without the charset the gateways' fakes add). */
export const graphJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Graph's error envelope: `{ error: { message, type, code, error_subcode?, fbtrace_id } }`. */
export const sendGraphError = (
  res: ServerResponse,
  status: number,
  error: { code: number; message: string; type: string; subcode?: number },
) =>
  graphJson(res, status, {
    error: {
      message: error.message,
      type: error.type,
      code: error.code,
      ...(error.subcode ? { error_subcode: error.subcode } : {}),
      fbtrace_id: randomBytes(8).toString('hex'),
    },
  });
