import { Button, Group, Stack, Textarea } from '@mantine/core';
import type { TSettingKey } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = {
  settingKey: TSettingKey;
  label: string;
  hint: string;
  value: string;
  canEdit: boolean;
  onSave: (key: TSettingKey, value: string) => void;
};

/** A free-text setting: edited in place, saved with its own button once it differs from what is stored. */
export const TextSetting = ({ settingKey, label, hint, value, canEdit, onSave }: TProps) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        description={hint || undefined}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        autosize
        minRows={settingKey === 'campaignOptOutWords' ? 1 : 2}
        maxLength={2000}
        disabled={!canEdit}
        data-testid={`setting-${settingKey}`}
      />
      {canEdit && (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            disabled={draft.trim() === value || !draft.trim()}
            onClick={() => onSave(settingKey, draft.trim())}
            data-testid={`setting-${settingKey}-save`}
          >
            {t('settings.saveMessage')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
