import {
  reportNames,
  type TReportName,
  ZIdParams,
  ZReportExport,
  ZReportExportInput,
  ZReportList,
  ZReportPage,
  ZReportQuery,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import type { TServices } from '../../../platform/services.js';
import { createReportExport, getReportExport, listReportExports, openReportExportFile } from './manage-exports.js';
import { reportProfiles } from './report-access.js';
import { listReports, runReport } from './run-report.js';

const ZNameParams = z.object({ name: z.string().max(60) });

/** An unknown report is a path that does not exist (404), not bad input. */
const reportOf = (name: string): TReportName => {
  if (!(reportNames as readonly string[]).includes(name)) throw new AppError('ERR_NOT_FOUND');
  return name as TReportName;
};

/**
 * The reports of /relatorios (docs/reports.md) and their exports, for managers (admin, super, supervisor);
 * agents are refused. An export is its maker's: another user's id answers 404.
 */
export const reportsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const managers = services.guard(reportProfiles);
    const tags = ['reports'];
    app.get('/reports', { onRequest: managers, schema: { tags, response: { 200: ZReportList } } }, (req) =>
      listReports(services, req.ctx),
    );
    app.get(
      '/reports/:name',
      {
        onRequest: managers,
        schema: { tags, params: ZNameParams, querystring: ZReportQuery, response: { 200: ZReportPage } },
      },
      (req) => runReport(services, req.ctx, reportOf(req.params.name), req.query),
    );
    app.post(
      '/reports/:name/exports',
      {
        onRequest: managers,
        schema: { tags, params: ZNameParams, body: ZReportExportInput, response: { 202: ZReportExport } },
      },
      async (req, reply) =>
        reply.status(202).send(await createReportExport(services, req.ctx, reportOf(req.params.name), req.body)),
    );
    app.get(
      '/report-exports',
      { onRequest: managers, schema: { tags, response: { 200: z.array(ZReportExport) } } },
      (req) => listReportExports(services, req.ctx),
    );
    app.get(
      '/report-exports/:id',
      { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ZReportExport } } },
      (req) => getReportExport(services, req.ctx, req.params.id),
    );
    app.get(
      '/report-exports/:id/file',
      { onRequest: managers, schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        const file = await openReportExportFile(services, req.ctx, req.params.id);
        return reply
          .header('content-type', file.mime)
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.stream);
      },
    );
  };
