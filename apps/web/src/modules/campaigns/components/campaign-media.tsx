import { Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TCampaign } from '@prosa/contracts';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useRemoveCampaignMedia, useUploadCampaignMedia } from '../api/campaigns-api';

/** The campaign's optional file, sent with each message; changed only while the campaign may be edited. */
export const CampaignMedia = ({ campaign, editable }: { campaign: TCampaign; editable: boolean }) => {
  const { t } = useTranslation();
  const upload = useUploadCampaignMedia();
  const remove = useRemoveCampaignMedia();
  const onFile = (file: File | null) =>
    file &&
    upload.mutate(
      { id: campaign.id, file },
      { onSuccess: () => notifySuccess(t('campaigns.media.uploaded')), onError: (error) => showApiError(error) },
    );
  return (
    <Paper withBorder p="md" radius="md" data-testid="campaign-media">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('campaigns.media.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('campaigns.media.hint')}
        </Text>
        <Group gap="sm">
          {campaign.mediaUrl && (
            <Anchor href={campaign.mediaUrl} target="_blank" rel="noopener" size="sm" data-testid="campaign-media-name">
              {campaign.mediaName ?? campaign.mediaUrl}
            </Anchor>
          )}
          {editable && (
            <FileButton onChange={onFile} accept="image/*,video/*,audio/*,application/pdf">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconPaperclip size={14} />}
                  loading={upload.isPending}
                  data-testid="campaign-media-upload"
                >
                  {t('campaigns.media.upload')}
                </Button>
              )}
            </FileButton>
          )}
          {editable && campaign.mediaUrl && (
            <Button
              variant="subtle"
              color="negative"
              size="xs"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(campaign.id, {
                  onSuccess: () => notifySuccess(t('campaigns.media.removed')),
                  onError: (error) => showApiError(error),
                })
              }
              data-testid="campaign-media-remove"
            >
              {t('campaigns.media.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
};
