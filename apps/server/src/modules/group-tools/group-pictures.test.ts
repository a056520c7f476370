import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { downloadGroupPicture } from './group-pictures.js';

// A picture's URL is typed by a tenant's user: it must not reach our own network (metadata service, database,
// other instances). These are refused before anything is sent.
describe('downloadGroupPicture', () => {
  const deps = { config: { webhookAllowPrivate: false, mediaMaxBytes: 1_000_000 } } as never;

  it.each([
    'http://127.0.0.1:9/foto.png',
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/foto.png',
    'http://[::1]/foto.png',
    'http://localhost/foto.png',
  ])('refuses %s naming the url', async (url) => {
    const refusal = await downloadGroupPicture(deps, url).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'ERR_VALIDATION', field: 'url' });
  });
});
