import { z } from 'zod';
import { ZMenuVisibility, ZProfile } from './profiles.js';

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const ZLoginBody = z.object({
  email: ZEmail,
  /** Base64 of the RSA-OAEP (SHA-256) ciphertext of the password. */
  password: z.string().min(1).max(2048),
});

export const ZUserConfigs = z
  .object({
    isDark: z.boolean().optional(),
    filtrosAtendimento: z.record(z.string(), z.unknown()).optional(),
    language: z.enum(['pt-BR', 'en']).optional(),
  })
  .catchall(z.unknown());
export type TUserConfigs = z.infer<typeof ZUserConfigs>;

export const ZQueueRef = z.object({ id: z.number().int(), queue: z.string(), color: z.string() });

export const ZLoginResponse = z.object({
  token: z.string(),
  username: z.string(),
  email: z.string(),
  profile: ZProfile,
  userId: z.number().int(),
  tenantId: z.number().int(),
  queues: z.array(ZQueueRef),
  blockWavoip: z.boolean(),
  whatsappAllowed: z.array(z.number().int()),
  configs: ZUserConfigs,
  menuVisibility: ZMenuVisibility,
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZRefreshResponse = z.object({ token: z.string() });

export const ZPublicKeyResponse = z.object({ key: z.string() });

export const ZPasswordResetRequest = z.object({ email: ZEmail });
export const ZNewPassword = z.string().min(8).max(128);
export const ZResetPasswordBody = z.object({ token: z.string().min(16).max(256), password: ZNewPassword });

export const ZSignupBody = z.object({
  tenantName: z.string().trim().min(2).max(120),
  name: z.string().trim().min(2).max(120),
  email: ZEmail,
  password: ZNewPassword,
  acceptTerms: z.literal(true),
});

export const ZMasterKeyLogin = z.object({
  email: ZEmail,
  /** Base64 of the RSA-OAEP ciphertext of the master key. */
  masterKey: z.string().min(1).max(2048),
});

export const ZVersionResponse = z.object({ version: z.string() });

/** Claims inside the access token. */
export type TAccessClaims = { sub: string; tenantId: number; profile: z.infer<typeof ZProfile>; username: string };
