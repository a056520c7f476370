import { REPORT_EXPORT_KEEP_DAYS } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { defineJob, ZCronPayload } from '../../../platform/jobs/job-definition.js';
import type { TServices } from '../../../platform/services.js';
import { deleteExportsMadeBefore } from './reports.repository.js';

export const REPORT_EXPORTS_CLEANUP_JOB = 'report.exports-cleanup';

/**
 * Every night at 03:00 in each tenant's zone: exports older than a week go, rows and files. The age is
 * counted from the run's slot, so a retried run removes what the slot's run would have.
 */
export const reportExportsCleanupJob = (deps: Pick<TServices, 'db' | 'storage'>) =>
  defineJob({
    name: REPORT_EXPORTS_CLEANUP_JOB,
    payload: ZCronPayload,
    cron: { expression: '0 3 * * *' },
    handle: async ({ tenantId, scheduledFor }) => {
      const before = new Date(new Date(scheduledFor).getTime() - REPORT_EXPORT_KEEP_DAYS * 86_400_000);
      const keys = await withTenant(deps.db, tenantId, (tx) => deleteExportsMadeBefore(tx, tenantId, before));
      // Files go once their rows are gone (after the commit); a file already missing is no error.
      for (const key of keys) await deps.storage.remove(key);
    },
  });
