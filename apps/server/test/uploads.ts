import { randomBytes } from 'node:crypto';

export type TFormPart =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Buffer };

/**
 * A multipart/form-data request as the composer posts it to /messages/:ticketId (`body` for the text,
 * `medias` for files, `isVoice` for a recorded note): spread it into the request's options.
 */
export const multipartBody = (parts: TFormPart[]) => {
  const boundary = `----prosa${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part)
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** A real 1x1 PNG: stored, served and sent byte for byte. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The smallest WebM header a browser recorder writes: EBML magic + DocType "webm". */
export const sampleWebm = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701',
  'hex',
);
