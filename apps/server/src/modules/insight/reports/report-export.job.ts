import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import { type TExportDeps, writeReportExport } from './write-report-export.js';

export const REPORT_EXPORT_JOB = 'report.export';

const ZExportPayload = z.object({ tenantId: z.number().int().positive(), exportId: z.number().int().positive() });

/** The definition enqueues carry; the registered one (reportExportJob) adds the handler. */
export const reportExportRef = defineJob({
  name: REPORT_EXPORT_JOB,
  payload: ZExportPayload,
  retry: { limit: 0 },
  expireInSeconds: 3_600,
  handle: async () => {
    throw new Error('report.export is handled by the registered definition');
  },
});

/**
 * One export's file, written by a job (a long export would not fit a request). A failure is recorded on the
 * export (status failed with the reason) rather than retried: the same filters would fail the same way.
 */
export const reportExportJob = (deps: TExportDeps) =>
  defineJob({
    ...reportExportRef,
    handle: ({ tenantId, exportId }) => writeReportExport(deps, tenantId, exportId),
  });
