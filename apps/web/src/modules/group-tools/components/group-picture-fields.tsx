import { Button, FileButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** `/changePicturesFile`'s form: the groups (JSON) and the image; the connection is added on sending. */
export const pictureForm = (groupIds: string[], fields: TPictureFields) => {
  const form = new FormData();
  form.set('groupIds', JSON.stringify(groupIds));
  if (fields.pictureFile) form.set('file', fields.pictureFile);
  return form;
};

/** The action's own fields. */
export type TPictureFields = { pictureFrom: 'url' | 'file'; pictureUrl: string; pictureFile: File | null };

type TPictureProps = {
  fields: TPictureFields;
  errors: Partial<Record<keyof TPictureFields, string>>;
  set: <K extends keyof TPictureFields>(key: K, value: TPictureFields[K]) => void;
};

/** "Alterar foto": the image by its address (the server downloads it) or a file from this computer. */
export const PictureFields = ({ fields, errors, set }: TPictureProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SegmentedControl
        data={[
          { value: 'url', label: t('groupTools.actions.pictureFrom.url') },
          { value: 'file', label: t('groupTools.actions.pictureFrom.file') },
        ]}
        value={fields.pictureFrom}
        onChange={(value) => set('pictureFrom', value === 'file' ? 'file' : 'url')}
        data-testid="group-action-picture-from"
      />
      {fields.pictureFrom === 'url' ? (
        <TextInput
          label={t('groupTools.actions.pictureUrl')}
          placeholder={t('groupTools.actions.pictureUrlPlaceholder')}
          withAsterisk
          value={fields.pictureUrl}
          error={errors.pictureUrl}
          onChange={(event) => set('pictureUrl', event.currentTarget.value)}
          data-testid="group-action-picture-url"
        />
      ) : (
        <Group gap="xs">
          <FileButton onChange={(file) => set('pictureFile', file)} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhoto size={16} />}
                data-testid="group-action-picture-file"
              >
                {t('groupTools.actions.pictureFile')}
              </Button>
            )}
          </FileButton>
          {fields.pictureFile && (
            <Text size="sm" data-testid="group-action-picture-name">
              {fields.pictureFile.name}
            </Text>
          )}
          {errors.pictureFile && (
            <Text size="sm" c="negative">
              {errors.pictureFile}
            </Text>
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('groupTools.actions.pictureHint')}
      </Text>
    </Stack>
  );
};
