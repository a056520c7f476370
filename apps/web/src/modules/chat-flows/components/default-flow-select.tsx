import { Select } from '@mantine/core';
import type { TChatFlow } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useSaveSetting, useTenantSettings } from '../../settings/api/settings-api';

/** The select's value for no default flow (the setting stores ''). */
const NONE = 'none';

/** The tenant's default flow (setting `botTicketActive`: the flow id, '' none): only active flows are offered. */
export const DefaultFlowSelect = ({ flows, disabled }: { flows: TChatFlow[]; disabled?: boolean }) => {
  const { t } = useTranslation();
  const settings = useTenantSettings();
  const save = useSaveSetting();
  const current = settings.data?.botTicketActive || NONE;
  const options = [
    { value: NONE, label: t('chatFlows.defaultFlowNone') },
    ...flows
      .filter((flow) => flow.isActive || String(flow.id) === current)
      .map((flow) => ({ value: String(flow.id), label: flow.name, disabled: !flow.isActive })),
  ];
  // A default naming a deleted flow reads as none.
  const value = options.some((o) => o.value === current) ? current : NONE;
  return (
    <Select
      label={t('chatFlows.defaultFlow')}
      description={t('chatFlows.defaultFlowHint')}
      data={options}
      value={value}
      allowDeselect={false}
      disabled={disabled || settings.isPending}
      maw={420}
      data-testid="chat-flow-default"
      onChange={(next) =>
        next !== null &&
        next !== value &&
        save.mutate(
          { key: 'botTicketActive', value: next === NONE ? '' : next },
          { onSuccess: () => notifySuccess(t('chatFlows.defaultFlowSaved')), onError: (error) => showApiError(error) },
        )
      }
    />
  );
};
