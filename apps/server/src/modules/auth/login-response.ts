import { mergeMenuVisibility, type TLoginResponse, type TMenuVisibility, type TUserConfigs } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { findTenant } from '../tenants/tenants.service.js';
import { findQueuesOfUsers, findUser } from '../users/users.service.js';

export const buildLoginResponse = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
  token: string,
): Promise<TLoginResponse> => {
  const [user, tenant, queues] = [
    await findUser(tx, tenantId, userId),
    await findTenant(tx, tenantId),
    await findQueuesOfUsers(tx, tenantId, [userId]),
  ];
  if (!user || !tenant) throw new AppError('ERR_SESSION_EXPIRED');
  const configs = user.configs as TUserConfigs;
  return {
    token,
    username: user.name,
    email: user.email,
    profile: user.profile,
    userId: user.id,
    tenantId: user.tenantId,
    queues: queues.get(user.id) ?? [],
    blockWavoip: user.blockWavoip,
    // Channel restrictions per user arrive with the channels; until then every channel is allowed.
    whatsappAllowed: [],
    configs: {
      ...configs,
      isDark: configs.isDark ?? false,
      filtrosAtendimento: configs.filtrosAtendimento ?? {},
    },
    menuVisibility: mergeMenuVisibility(
      tenant.menuVisibility as TMenuVisibility,
      user.menuPermissions as TMenuVisibility,
    ),
  };
};
