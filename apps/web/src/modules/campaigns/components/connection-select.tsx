import { Alert, Select, Stack } from '@mantine/core';
import type { TCampaignKind, TConnection } from '@prosa/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canSendKind } from './campaign-form';

type TConnectionSelectProps = {
  /** The tenant's connections (undefined while loading). */
  connections: TConnection[] | undefined;
  kind: TCampaignKind;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  disabled?: boolean;
  /** The field's label (default "Enviar pela conexão"). */
  label?: string;
};

const emptyText = (kind: TCampaignKind): string => {
  if (kind === 'sms') return 'campaigns.form.noConnectionsSms';
  if (kind === 'template' || kind === 'template-variavel') return 'campaigns.form.noConnectionsTemplate';
  if (kind === 'grupos' || kind === 'grupos-mencao' || kind === 'participantes')
    return 'campaigns.form.noConnectionsGroups';
  return 'campaigns.form.noConnections';
};

/**
 * The connections that can send this kind. With none, it says so and where to add one, instead of an empty
 * list (the family's "the channel list is empty" complaint).
 */
export const ConnectionSelect = ({
  connections,
  kind,
  value,
  onChange,
  error,
  disabled,
  label,
}: TConnectionSelectProps) => {
  const { t } = useTranslation();
  const usable = (connections ?? []).filter((connection) => canSendKind(connection, kind));
  return (
    <Stack gap={4}>
      <Select
        label={label ?? t('campaigns.form.connection')}
        placeholder={connections ? t('campaigns.form.connectionPlaceholder') : t('common.loading')}
        withAsterisk
        data={usable.map((connection) => ({
          value: String(connection.id),
          label: connection.number ? `${connection.name} (${connection.number})` : connection.name,
        }))}
        value={value}
        onChange={onChange}
        error={error}
        disabled={disabled}
        allowDeselect={false}
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="campaign-connection"
      />
      {connections && usable.length === 0 && (
        <Alert color="warning" icon={<IconAlertTriangle size={16} />} data-testid="campaign-no-connections">
          {t(emptyText(kind))}
        </Alert>
      )}
    </Stack>
  );
};
