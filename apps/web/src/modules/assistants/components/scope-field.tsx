import { MultiSelect, Radio, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { TAssistantScope } from '@prosa/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransferUsers } from '../../attendance/api/lookups-api';
import { useConnections } from '../../connections/api/connections-api';
import { useQueues } from '../../queues/api/queues-api';

type TOption = { value: string; label: string };

/** The tenant's queues, connections and users as select options (scope and hand-off). */
export const useLookupOptions = () => {
  const queues = useQueues();
  const connections = useConnections();
  const users = useTransferUsers(true);
  return {
    queues: (queues.data ?? []).map((queue): TOption => ({ value: String(queue.id), label: queue.queue })),
    connections: (connections.data ?? []).map((c): TOption => ({ value: String(c.id), label: c.name })),
    users: (users.data ?? []).map((user): TOption => ({ value: String(user.id), label: user.name })),
  };
};

type TScopeFieldProps = {
  kind: TAssistantScope['kind'];
  onKindChange: (kind: TAssistantScope['kind']) => void;
  kindError?: ReactNode;
  /** Mantine input props of the chosen ids (value, onChange, error). */
  idsProps: GetInputPropsReturnType;
  options: ReturnType<typeof useLookupOptions>;
};

/** Which tickets an assistant or bot answers by itself: none, all, some connections' or some queues'. */
export const ScopeField = ({ kind, onKindChange, kindError, idsProps, options }: TScopeFieldProps) => {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group
        label={t('assistants.settings.scope')}
        description={t('assistants.settings.scopeHint')}
        value={kind}
        onChange={(value) => onKindChange(value as TAssistantScope['kind'])}
        error={kindError}
        data-testid="ai-scope"
      >
        <Stack gap="xs" mt="xs">
          <Radio value="none" label={t('assistants.settings.scopeNone')} data-testid="ai-scope-none" />
          <Radio value="all" label={t('assistants.settings.scopeAll')} data-testid="ai-scope-all" />
          <Radio
            value="connections"
            label={t('assistants.settings.scopeConnections')}
            data-testid="ai-scope-connections"
          />
          <Radio value="queues" label={t('assistants.settings.scopeQueues')} data-testid="ai-scope-queues" />
        </Stack>
      </Radio.Group>
      {(kind === 'connections' || kind === 'queues') && (
        <MultiSelect
          label={t(kind === 'connections' ? 'assistants.settings.connections' : 'assistants.settings.queues')}
          data={kind === 'connections' ? options.connections : options.queues}
          searchable
          clearable
          withAsterisk
          nothingFoundMessage={t('common.nothingFound')}
          data-testid="ai-scope-ids"
          {...idsProps}
        />
      )}
    </>
  );
};
