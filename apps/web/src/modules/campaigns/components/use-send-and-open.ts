import type { TBulkResult } from '@prosa/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { showApiError } from '../../../ui/server-errors';

type TSend<TInput> = UseMutationResult<TBulkResult, Error, { input: TInput; file: File | null }>;

/**
 * The submit of a mass-send form: sends, says how many contacts it reached (`sentKey`, with `count`) and opens
 * the campaign it made to follow its progress; a refused field is shown on the form. A large CSV's answer (its
 * import under way, nobody added yet) goes to `onImport`, which shows the import's progress, when given.
 */
export const useSendAndOpen = <TInput>(
  send: TSend<TInput>,
  form: Parameters<typeof showApiError>[1],
  sentKey: string,
  onImport?: (campaignId: number) => void,
) => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (input: TInput, file: File | null) =>
    send.mutate(
      { input, file },
      {
        onSuccess: ({ campaign, report, import: queued }) => {
          if (queued && onImport) {
            notifySuccess(t('campaigns.bulk.importing'));
            return onImport(campaign.id);
          }
          notifySuccess(t(sentKey, { count: report.added }));
          navigate('contatos-campanha', { campanhaId: campaign.id });
        },
        onError: (error) => showApiError(error, form),
      },
    );
};
