import type {
  TReportColumn,
  TReportExport,
  TReportExportInput,
  TReportFilter,
  TReportName,
  TReportPage,
  TTag,
} from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { http } from '../../../app/http/client';
import { fetchOptionalList } from '../../../app/http/fetch-list';
import { fetchEveryUser } from '../../users/api/users-api';

/** One entry of `GET /reports` (ZReportMeta). */
export type TReportMeta = {
  name: TReportName;
  filters: TReportFilter[];
  columns: TReportColumn[];
  defaultSort: { by: string; dir: 'asc' | 'desc' };
  /** The charts the report can draw (`chartBy`), its default first. */
  charts?: string[];
};

export const reportKeys = {
  all: ['reports'] as const,
  list: ['reports', 'list'] as const,
  page: (name: string, query: Record<string, string | number>) => ['reports', 'page', name, query] as const,
  exports: ['reports', 'exports'] as const,
  export: (id: number) => ['reports', 'exports', id] as const,
  options: (kind: string) => ['reports', 'options', kind] as const,
};

/** GET /reports: the reports this user may run, with their filters, columns and default sort. */
export const useReportList = () =>
  useQuery({
    queryKey: reportKeys.list,
    queryFn: async () => (await http.get<TReportMeta[]>('/reports')).data,
    staleTime: 5 * 60_000,
  });

/** GET /reports/:name: one page of rows, sorted and filtered, with the total and the chart's points. */
export const useReportPage = (name: TReportName, query: Record<string, string | number>, enabled: boolean) =>
  useQuery({
    queryKey: reportKeys.page(name, query),
    queryFn: async () => (await http.get<TReportPage>(`/reports/${name}`, { params: query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * POST /reports/:name/exports with the format, the filters and the table's sort: the export runs as a job; the
 * answer is its first state (202).
 */
export const useStartExport = (name: TReportName) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TReportExportInput) =>
      (await http.post<TReportExport>(`/reports/${name}/exports`, input)).data,
    onSuccess: (started) => {
      client.setQueryData(reportKeys.export(started.id), started);
      void client.invalidateQueries({ queryKey: reportKeys.exports, exact: true });
    },
  });
};

export const isExportFinished = (item: TReportExport | undefined): boolean =>
  item?.status === 'done' || item?.status === 'failed';

/** GET /report-exports/:id every second until the job is done or failed. */
export const useReportExport = (id: number | null) =>
  useQuery({
    queryKey: reportKeys.export(id ?? 0),
    queryFn: async () => (await http.get<TReportExport>(`/report-exports/${id}`)).data,
    enabled: id !== null,
    refetchInterval: (query) => (isExportFinished(query.state.data) ? false : 1000),
  });

/** GET /report-exports: the user's last 20 exports. */
export const useRecentExports = () =>
  useQuery({
    queryKey: reportKeys.exports,
    queryFn: async () => (await http.get<TReportExport[]>('/report-exports')).data,
  });

/** GET /report-exports/:id/file with the session's token, saved under the file's name. */
export const downloadReportExport = async (item: TReportExport): Promise<void> => {
  const { data } = await http.get<Blob>(`/report-exports/${item.id}/file`, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = item.fileName ?? `${item.report}.${item.format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

type TNamed = { id: number; name: string };

/** Users for the agent and wallet pickers; a profile that may not list users (403) gets none. */
const fetchUsers = async (): Promise<TNamed[]> => {
  try {
    return (await fetchEveryUser()).map((user) => ({ id: user.id, name: user.name }));
  } catch (error) {
    if (isAxiosError(error) && (error.response?.status === 403 || error.response?.status === 404)) return [];
    throw error;
  }
};

/** The pick lists a report's filters offer, each loaded only when the report has that filter. */
const optionSources = {
  queues: async () =>
    (await fetchOptionalList<{ id: number; queue: string }>('/queue/')).map((queue) => ({
      id: queue.id,
      name: queue.queue,
    })),
  users: fetchUsers,
  tags: async () => (await fetchOptionalList<TTag>('/tags')).map((tag) => ({ id: tag.id, name: tag.tag })),
  connections: async () =>
    (await fetchOptionalList<TNamed>('/whatsapp')).map((connection) => ({ id: connection.id, name: connection.name })),
  reasons: async () => (await fetchOptionalList<TNamed>('/reasons')).map(({ id, name }) => ({ id, name })),
} satisfies Record<string, () => Promise<TNamed[]>>;

export type TOptionSource = keyof typeof optionSources;

export const useReportOptions = (source: TOptionSource, enabled: boolean) =>
  useQuery({
    queryKey: reportKeys.options(source),
    queryFn: optionSources[source],
    enabled,
    staleTime: 60_000,
  });
