import type { TLoginResponse } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { encryptSecret } from '../../../app/crypto';
import { http } from '../../../app/http/client';

export type TPublicSettings = { allowSignup: boolean; masterKeyEnabled: boolean };
export type TSignupInput = { tenantName: string; name: string; email: string; password: string };

export const authKeys = {
  publicSettings: ['auth', 'publicSettings'] as const,
  version: ['auth', 'version'] as const,
};

export const login = async (email: string, password: string): Promise<TLoginResponse> => {
  const encrypted = await encryptSecret(password);
  const { data } = await http.post<TLoginResponse>('/auth/login/', { email: email.trim(), password: encrypted });
  return data;
};

export const loginWithMasterKey = async (email: string, masterKey: string): Promise<TLoginResponse> => {
  const encrypted = await encryptSecret(masterKey);
  const { data } = await http.post<TLoginResponse>('/auth/masterkey', { email: email.trim(), masterKey: encrypted });
  return data;
};

export const signup = async (input: TSignupInput): Promise<TLoginResponse> => {
  const { data } = await http.post<TLoginResponse>('/auth/signup', {
    ...input,
    email: input.email.trim(),
    acceptTerms: true,
  });
  return data;
};

export const logout = async (): Promise<void> => {
  await http.post('/auth/logout/', {});
};

export const requestPasswordReset = async (email: string): Promise<void> => {
  await http.post('/password-reset', { email: email.trim() });
};

export const resetPassword = async (token: string, password: string): Promise<void> => {
  await http.post('/reset-password', { token, password });
};

const fetchPublicSettings = async (): Promise<TPublicSettings> => {
  const { data } = await http.get<Partial<TPublicSettings>>('/publicSettings');
  return { allowSignup: Boolean(data.allowSignup), masterKeyEnabled: Boolean(data.masterKeyEnabled) };
};

/** Whether the login page offers signup and master-key links; both hidden until the server says so. */
export const usePublicSettings = () =>
  useQuery({ queryKey: authKeys.publicSettings, queryFn: fetchPublicSettings, staleTime: 60_000, retry: false });

const fetchVersion = async (): Promise<string> => {
  const { data } = await http.get<{ version: string }>('/check-version/');
  return data.version;
};

export const useAppVersion = (enabled: boolean) =>
  useQuery({ queryKey: authKeys.version, queryFn: fetchVersion, enabled, staleTime: 5 * 60_000 });
