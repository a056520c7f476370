import type { TCampaignImportReport } from '@prosa/contracts';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { campaignImports } from '../../platform/db/schema.js';

/** A campaign's CSV imports run by a job, inside the caller's tenant transaction. */

export type TCampaignImportRow = typeof campaignImports.$inferSelect;
/** The row without its file (what is read to answer). */
export type TCampaignImportView = Omit<TCampaignImportRow, 'file'>;

const { file: _file, ...withoutFile } = getTableColumns(campaignImports);
const activeStatuses = ['queued', 'running'] as const;

export const insertCampaignImport = async (
  tx: TExecutor,
  row: { tenantId: number; campaignId: number; file: Buffer; totalRows: number; startsCampaign: boolean },
): Promise<TCampaignImportView> => {
  const [inserted] = await tx.insert(campaignImports).values(row).returning(withoutFile);
  return inserted as TCampaignImportView;
};

/** The campaign's latest import, without its file. */
export const findLatestCampaignImport = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
): Promise<TCampaignImportView | undefined> => {
  const [row] = await tx
    .select(withoutFile)
    .from(campaignImports)
    .where(and(eq(campaignImports.tenantId, tenantId), eq(campaignImports.campaignId, campaignId)))
    .orderBy(desc(campaignImports.id))
    .limit(1);
  return row;
};

/** Whether an import of the campaign is queued or running. */
export const hasActiveCampaignImport = async (tx: TExecutor, tenantId: number, campaignId: number) => {
  const [row] = await tx
    .select({ id: campaignImports.id })
    .from(campaignImports)
    .where(
      and(
        eq(campaignImports.tenantId, tenantId),
        eq(campaignImports.campaignId, campaignId),
        inArray(campaignImports.status, [...activeStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The import, locked for its next chunk (one chunk at a time across instances), without its file. */
export const lockCampaignImport = async (
  tx: TExecutor,
  tenantId: number,
  importId: number,
): Promise<TCampaignImportView | undefined> => {
  const [row] = await tx
    .select(withoutFile)
    .from(campaignImports)
    .where(and(eq(campaignImports.tenantId, tenantId), eq(campaignImports.id, importId)))
    .for('update');
  return row;
};

/** The import's file and campaign (null file: it has ended). */
export const findCampaignImportFile = async (tx: TExecutor, tenantId: number, importId: number) => {
  const [row] = await tx
    .select({ campaignId: campaignImports.campaignId, file: campaignImports.file })
    .from(campaignImports)
    .where(and(eq(campaignImports.tenantId, tenantId), eq(campaignImports.id, importId)));
  return row;
};

/**
 * Records a chunk: the rows done (`nextRow`, `processedRows`), what they added, and their refused rows appended
 * to the report; `ended` marks it done and drops the file.
 */
export const recordCampaignImportChunk = async (
  tx: TExecutor,
  tenantId: number,
  importId: number,
  chunk: {
    nextRow: number;
    processedRows: number;
    added: number;
    duplicates: number;
    errors: TCampaignImportReport['errors'];
    ended: boolean;
  },
): Promise<void> => {
  const t = campaignImports;
  await tx
    .update(t)
    .set({
      nextRow: chunk.nextRow,
      processedRows: chunk.processedRows,
      added: sql`${t.added} + ${chunk.added}`,
      duplicates: sql`${t.duplicates} + ${chunk.duplicates}`,
      errors: chunk.errors.length > 0 ? sql`${t.errors} || ${JSON.stringify(chunk.errors)}::jsonb` : undefined,
      status: chunk.ended ? 'done' : 'running',
      updatedAt: sql`now()`,
      ...(chunk.ended ? { file: null, finishedAt: sql`now()` } : {}),
    })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, importId)));
};

/**
 * Ends an import that cannot go on (`failure`: the error code), dropping its file; the rows it added stay.
 * Answers its campaign, or undefined when it had already ended (or is gone). `from`: the statuses it may end
 * from (a mass send's import just done, whose campaign then refused to start, fails from `done`).
 */
export const failCampaignImport = async (
  tx: TExecutor,
  tenantId: number,
  importId: number,
  failure: string,
  from: readonly TCampaignImportRow['status'][] = activeStatuses,
): Promise<number | undefined> => {
  const t = campaignImports;
  const [row] = await tx
    .update(t)
    .set({ status: 'failed', failure, file: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(t.tenantId, tenantId), eq(t.id, importId), inArray(t.status, [...from])))
    .returning({ campaignId: t.campaignId });
  return row?.campaignId;
};
