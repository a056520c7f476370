import { GROUP_TOOL_LOG_KEEP_DAYS } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { defineJob, ZCronPayload } from '../../platform/jobs/job-definition.js';
import type { TServices } from '../../platform/services.js';
import { deleteGroupToolLogsBefore } from './group-tool-logs.repository.js';

export const GROUP_TOOL_LOGS_PRUNE_JOB = 'group-tools.logs-prune';

/**
 * Every night at 03:30 in each tenant's zone: log entries older than 90 days go. The age is counted from the
 * run's slot, so a retried run removes what the slot's run would have.
 */
export const groupToolLogsPruneJob = (deps: Pick<TServices, 'db'>) =>
  defineJob({
    name: GROUP_TOOL_LOGS_PRUNE_JOB,
    payload: ZCronPayload,
    cron: { expression: '30 3 * * *' },
    handle: async ({ tenantId, scheduledFor }) => {
      const before = new Date(new Date(scheduledFor).getTime() - GROUP_TOOL_LOG_KEEP_DAYS * 86_400_000);
      await withTenant(deps.db, tenantId, (tx) => deleteGroupToolLogsBefore(tx, tenantId, before));
    },
  });
