import type { TSecrets } from '../../../platform/secrets.js';
import type { TServices } from '../../../platform/services.js';

/** What the assistants' runtime uses: the platform's services, the sealed-secret key, and the clock. */
export type TAssistantDeps = Pick<
  TServices,
  'db' | 'events' | 'outbound' | 'jobs' | 'log' | 'storage' | 'channels' | 'config'
> & {
  secrets: TSecrets;
  /** The clock (tests inject one). */
  now?: () => Date;
};
