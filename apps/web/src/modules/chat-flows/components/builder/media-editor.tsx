import { Button, FileButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { isAxiosError } from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStoredMedia, uploadFlowMedia } from '../../api/chat-flows-api';
import { MessageText, type TEditorProps, type TOf } from './message-text';

/** Format sample, not language. */
const MIME_SAMPLE = 'image/jpeg';

/** A media step: an uploaded file (or a link), its type and name, and the caption sent with it. */
export const MediaEditor = ({ interaction, onChange, testId }: TEditorProps<TOf<'MediaField'>>) => {
  const { t } = useTranslation();
  const set = (patch: Partial<TOf<'MediaField'>['data']>) =>
    onChange({ ...interaction, data: { ...interaction.data, ...patch } });
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    try {
      set(await uploadFlowMedia(file));
    } catch (error) {
      const status = isAxiosError(error) ? error.response?.status : undefined;
      setFailure(
        status === 413
          ? 'chatFlowBuilder.fields.uploadTooLarge'
          : status === 400
            ? 'chatFlowBuilder.fields.uploadBadType'
            : 'chatFlowBuilder.fields.uploadFailed',
      );
    } finally {
      setUploading(false);
    }
  };
  const { mediaUrl, mimeType, name } = interaction.data;
  const stored = isStoredMedia(mediaUrl);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <FileButton onChange={(file) => void upload(file)}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={uploading}
              data-testid={`${testId}-upload`}
            >
              {t('chatFlowBuilder.fields.uploadFile')}
            </Button>
          )}
        </FileButton>
        {stored && name && (
          <Text size="xs" c="dimmed" truncate data-testid={`${testId}-file`}>
            {t('chatFlowBuilder.fields.uploadedFile', { name })}
          </Text>
        )}
      </Group>
      {failure && (
        <Text size="xs" c="red" data-testid={`${testId}-upload-error`}>
          {t(failure)}
        </Text>
      )}
      {stored && mimeType.startsWith('image/') && (
        <Image src={mediaUrl} alt={name} h={80} w="auto" fit="contain" radius="sm" data-testid={`${testId}-preview`} />
      )}
      <TextInput
        label={t('chatFlowBuilder.fields.mediaUrl')}
        description={t('chatFlowBuilder.fields.mediaUrlHint')}
        value={interaction.data.mediaUrl}
        onChange={(e) => set({ mediaUrl: e.currentTarget.value })}
        data-testid={`${testId}-url`}
      />
      <Group grow>
        <TextInput
          label={t('chatFlowBuilder.fields.fileName')}
          value={interaction.data.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextInput
          label={t('chatFlowBuilder.fields.mimeType')}
          placeholder={MIME_SAMPLE}
          value={interaction.data.mimeType}
          onChange={(e) => set({ mimeType: e.currentTarget.value })}
        />
      </Group>
      <MessageText
        label={t('chatFlowBuilder.fields.caption')}
        value={interaction.data.caption}
        onChange={(caption) => set({ caption })}
        testId={`${testId}-caption`}
      />
    </Stack>
  );
};
