import { hubChannels } from '@prosa/contracts';

/** One setting of a provider: a secret is masked; one with `options` is picked from a list. */
type TCredentialField = { name: string; secret: boolean; options?: readonly string[] };

/**
 * The provider credentials a connection form asks for, by channel kind, in order. Secrets are masked, never
 * shown back (the server answers only whether they are set) and, on an edit, left empty to keep the stored
 * one. The other fields start from the connection's public settings.
 */
export const credentialFields = {
  waba: [
    { name: 'phoneNumberId', secret: false },
    { name: 'wabaId', secret: false },
    { name: 'accessToken', secret: true },
    { name: 'appSecret', secret: true },
  ],
  evolution: [
    { name: 'gatewayUrl', secret: false },
    { name: 'apiKey', secret: true },
  ],
  telegram: [{ name: 'botToken', secret: true }],
  zapi: [
    { name: 'instanceId', secret: false },
    { name: 'instanceToken', secret: true },
    { name: 'clientToken', secret: true },
  ],
  uazapi: [
    { name: 'uazapiUrl', secret: false },
    { name: 'adminToken', secret: true },
  ],
  wuzapi: [
    { name: 'wuzapiUrl', secret: false },
    { name: 'wuzapiAdminToken', secret: true },
  ],
  instagram: [
    { name: 'instagramId', secret: false },
    { name: 'pageAccessToken', secret: true },
    { name: 'appSecret', secret: true },
  ],
  messenger: [
    { name: 'pageId', secret: false },
    { name: 'pageAccessToken', secret: true },
    { name: 'appSecret', secret: true },
  ],
  sms: [
    { name: 'smsSendUrl', secret: false },
    { name: 'smsApiToken', secret: true },
    { name: 'smsFrom', secret: false },
  ],
  hub: [
    { name: 'hubChannel', secret: false, options: hubChannels },
    { name: 'hubChannelToken', secret: false },
    { name: 'hubApiToken', secret: true },
  ],
} as const satisfies Record<string, readonly TCredentialField[]>;

export type TCredentialType = keyof typeof credentialFields;
export type TCredentials = Record<string, string>;

export const hasCredentials = (type: string): type is TCredentialType => Object.hasOwn(credentialFields, type);

const fieldsOf = (type: string): readonly TCredentialField[] => (hasCredentials(type) ? credentialFields[type] : []);

const isSecret = (type: string, name: string) => fieldsOf(type).some((field) => field.name === name && field.secret);

/**
 * The form's values when it opens: stored ids and addresses from the public settings, secrets empty, a list's
 * first option on a create.
 */
export const initialCredentials = (type: string, settings: Record<string, unknown> | null | undefined): TCredentials =>
  Object.fromEntries(
    fieldsOf(type).map(({ name, secret, options }) => {
      const stored = settings?.[name];
      return [name, !secret && typeof stored === 'string' ? stored : (options?.[0] ?? '')];
    }),
  );

/** The fields still to fill: every one on a create; on an edit, a secret may stay empty. */
export const missingCredentials = (type: string, values: TCredentials, editing: boolean): string[] =>
  fieldsOf(type)
    .filter(({ name, secret }) => !values[name]?.trim() && !(editing && secret))
    .map(({ name }) => name);

/** The `config` a save sends: trimmed values, with the secrets left empty on an edit left out. */
export const credentialsToSend = (type: string, values: TCredentials, editing: boolean): TCredentials =>
  Object.fromEntries(
    fieldsOf(type)
      .map(({ name }) => [name, values[name]?.trim() ?? ''] as const)
      .filter(([name, value]) => value !== '' || !(editing && isSecret(type, name))),
  );

/** The form field a server validation error names (`config.apiKey` -> `apiKey`), when it is one of this kind's. */
export const credentialFieldOf = (type: string, field: string | undefined): string | null => {
  const name = field?.replace(/^config\./, '');
  return name && fieldsOf(type).some((item) => item.name === name) ? name : null;
};
