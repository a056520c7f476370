import {
  type TBulkResult,
  type TCampaignAudience,
  type TCampaignKind,
  type TCampaignTemplate,
  ZBulkTemplateInput,
  ZBulkTemplateVariableInput,
  ZBulkTextInput,
  ZBulkVariableInput,
} from '@prosa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { campaignKeys } from './campaigns-api';

/** The mass-send kinds of /massa/*: every campaign kind but the campaign itself and the group ones (/grupo/*). */
export type TBulkKind = Exclude<TCampaignKind, 'campaign' | 'grupos' | 'grupos-mencao' | 'participantes'>;

/** Each kind's endpoint and the contract's schema of its body; the *variavel kinds take a CSV (multipart). */
export const bulkEndpoints = {
  texto: { path: '/bulk', csv: false, schema: ZBulkTextInput },
  textovariavel: { path: '/bulkVariable', csv: true, schema: ZBulkVariableInput },
  sms: { path: '/bulkSms', csv: false, schema: ZBulkTextInput },
  template: { path: '/bulkTemplate', csv: false, schema: ZBulkTemplateInput },
  'template-variavel': { path: '/bulkTemplateVariable', csv: true, schema: ZBulkTemplateVariableInput },
} as const satisfies Record<TBulkKind, { path: string; csv: boolean; schema: unknown }>;

/** What a mass send asks for: a campaign's fields (the name optional) and its audience or CSV. */
export type TBulkInput = {
  name?: string;
  connectionId: number;
  messages: string[];
  template: TCampaignTemplate | null;
  delaySeconds: number;
  windowStart: string;
  windowEnd: string;
  dailyCap: number | null;
  /** Tags and contacts (kinds without a CSV). */
  audience?: TCampaignAudience;
};

/** The multipart body of the CSV kinds (and of a group send with a file): the fields as JSON in `data`, the file in `file`. */
export const bulkFormData = (input: object, file: File): FormData => {
  const form = new FormData();
  form.append('data', JSON.stringify(input));
  form.append('file', file, file.name);
  return form;
};

/**
 * A mass send (any form): posts it, keeps the campaign it made (and a large CSV's import, 202) in the cache and
 * refreshes the lists.
 */
export const useMassSend = <TInput>(post: (input: TInput, file: File | null) => Promise<TBulkResult>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, file }: { input: TInput; file: File | null }) => post(input, file),
    onSuccess: (result) => {
      client.setQueryData(campaignKeys.one(result.campaign.id), result.campaign);
      if (result.import) client.setQueryData(campaignKeys.latestImport(result.campaign.id), result.import);
      return client.invalidateQueries({ queryKey: campaignKeys.lists });
    },
  });
};

/** POST the kind's bulk endpoint: the one-off campaign is created, filled and started (a large CSV: once imported). */
export const useBulkSend = (kind: TBulkKind) =>
  useMassSend<TBulkInput>(async (input, file) => {
    const { path, csv } = bulkEndpoints[kind];
    const body = csv && file ? bulkFormData(input, file) : input;
    return (await http.post<TBulkResult>(path, body)).data;
  });
