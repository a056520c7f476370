import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { TMessage } from '@prosa/contracts';
import {
  IconDownload,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileWord,
  IconFileZip,
  IconHeadphones,
  IconMapPin,
  IconMicrophone,
  IconPresentation,
  IconUser,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOptimistic } from '../api/message-cache';
import { useUploadProgress } from '../store/upload-progress';
import { documentKind, formatFileSize } from './media-helpers';

const documentIcons = {
  pdf: { Icon: IconFileTypePdf, color: 'red' },
  sheet: { Icon: IconFileSpreadsheet, color: 'green' },
  word: { Icon: IconFileWord, color: 'blue' },
  slides: { Icon: IconPresentation, color: 'orange' },
  zip: { Icon: IconFileZip, color: 'gray' },
  text: { Icon: IconFileText, color: 'gray' },
  file: { Icon: IconFile, color: 'gray' },
} as const;

/** A picture: a thumbnail in the bubble, the whole picture in a lightbox on click. */
const ImageMedia = ({ url, name }: { url: string; name: string | null }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={t('attendance.message.openImage')}
        display="block"
        data-testid="message-image"
      >
        <Image src={url} alt={name ?? ''} maw={280} mah={320} fit="contain" radius="sm" />
      </UnstyledButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        size="auto"
        centered
        title={name ?? t('attendance.message.image')}
        closeButtonProps={{ 'aria-label': t('attendance.message.closeImage') }}
        data-testid="image-lightbox"
      >
        <Image src={url} alt={name ?? ''} mah="75vh" maw="85vw" fit="contain" />
        <Group justify="flex-end" mt="xs">
          <Anchor href={url} download={name ?? true} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              {t('attendance.message.download')}
            </Group>
          </Anchor>
        </Group>
      </Modal>
    </>
  );
};

/** A document: icon by kind, name, size and a download link. */
const DocumentMedia = ({ message, url }: { message: TMessage; url: string }) => {
  const { t } = useTranslation();
  const name = message.mediaName ?? t('attendance.message.file');
  const { Icon, color } = documentIcons[documentKind(message.mediaName)];
  return (
    <Paper withBorder radius="sm" p="xs" maw={300} bg="var(--mantine-color-default)" data-testid="message-document">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size={40} radius="sm">
          <Icon size={24} aria-hidden />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate title={name}>
            {name}
          </Text>
          {typeof message.mediaSize === 'number' && (
            <Text size="xs" c="dimmed" data-testid="message-document-size">
              {formatFileSize(message.mediaSize)}
            </Text>
          )}
        </Box>
        <Tooltip label={t('attendance.message.download')}>
          <ActionIcon
            component="a"
            href={url}
            download={message.mediaName ?? true}
            variant="subtle"
            size="lg"
            aria-label={t('attendance.message.downloadFile', { name })}
            data-testid="message-download"
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
};

/** The player of an audio file or a voice note (a microphone marks a voice note). */
const AudioMedia = ({ url, voice }: { url: string; voice: boolean }) => {
  const { t } = useTranslation();
  const Icon = voice ? IconMicrophone : IconHeadphones;
  return (
    <Group gap={6} wrap="nowrap" data-testid={voice ? 'message-voice' : 'message-audio'}>
      <ThemeIcon
        variant="light"
        radius="xl"
        size="lg"
        aria-label={t(voice ? 'attendance.message.voiceNote' : 'attendance.message.audio')}
      >
        <Icon size={18} />
      </ThemeIcon>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note or customer audio has no caption track */}
      <audio controls src={url} preload="metadata" style={{ maxWidth: 260, height: 40 }} />
    </Group>
  );
};

/** A file still on its way to the server: its name, size and the upload's progress. */
const PendingFile = ({ message, progress }: { message: TMessage; progress: number | null }) => {
  const { t } = useTranslation();
  const Icon = message.mediaType === 'ptt' ? IconMicrophone : message.mediaType === 'audio' ? IconHeadphones : IconFile;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      mb={4}
      maw={300}
      bg="var(--mantine-color-default)"
      data-testid="message-pending-file"
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="sm">
          <Icon size={22} aria-hidden />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {message.mediaName ?? t('attendance.message.file')}
          </Text>
          {typeof message.mediaSize === 'number' && (
            <Text size="xs" c="dimmed">
              {formatFileSize(message.mediaSize)}
            </Text>
          )}
        </Box>
      </Group>
      <Progress
        value={percent}
        size="sm"
        mt={6}
        animated
        aria-label={t('attendance.message.uploading', { percent })}
        data-testid="message-upload-progress"
      />
    </Paper>
  );
};

/**
 * The file of a message, by kind: picture (lightbox), sticker, audio / voice note player, video player,
 * document card. While the agent's file is still uploading, a progress bar shows under it.
 */
export const MessageMedia = ({ message }: { message: TMessage }) => {
  const { t } = useTranslation();
  const progress = useUploadProgress(isOptimistic(message) ? message.idFront : null);
  const url = message.mediaUrl;
  if (message.mediaType === 'chat') return null;
  // A shared place or a contact card has no file: its text (name, address, map link / number) is the content.
  if (message.mediaType === 'location' || message.mediaType === 'vcard') {
    const Icon = message.mediaType === 'location' ? IconMapPin : IconUser;
    return (
      <Group gap={4} mb={2} pr="lg" wrap="nowrap" data-testid={`message-${message.mediaType}`}>
        <Icon size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          {t(`attendance.preview.${message.mediaType}`)}
        </Text>
      </Group>
    );
  }
  // A channel event of a shape we do not read (an SMS gateway's own format): its raw body is the text below.
  if (message.mediaType === 'unknown')
    return (
      <Text size="xs" c="dimmed" fs="italic" mb={4} data-testid="message-unknown-format">
        {t('attendance.message.unknownFormat')}
      </Text>
    );
  if (!url && isOptimistic(message)) return <PendingFile message={message} progress={progress} />;
  if (!url) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('attendance.message.mediaUnavailable', { type: message.mediaType })}
      </Text>
    );
  }
  let media: ReactNode;
  switch (message.mediaType) {
    case 'image':
      media = <ImageMedia url={url} name={message.mediaName} />;
      break;
    case 'sticker':
      media = (
        <Image
          src={url}
          alt={t('attendance.message.sticker')}
          w={140}
          h={140}
          fit="contain"
          data-testid="message-sticker"
        />
      );
      break;
    case 'audio':
    case 'ptt':
      media = <AudioMedia url={url} voice={message.mediaType === 'ptt'} />;
      break;
    case 'video':
      media = (
        // biome-ignore lint/a11y/useMediaCaption: a customer's video has no caption track
        <video
          controls
          src={url}
          preload="metadata"
          style={{ maxWidth: 320, maxHeight: 320, borderRadius: 4 }}
          data-testid="message-video"
        />
      );
      break;
    default:
      media = <DocumentMedia message={message} url={url} />;
  }
  return (
    <Box mb={4} pr={message.mediaType === 'document' ? 0 : 'lg'}>
      {media}
      {(message.mediaType === 'audio' || message.mediaType === 'ptt') && message.transcript && (
        <Text size="xs" c="dimmed" mt={4} maw={320} style={{ whiteSpace: 'pre-wrap' }} data-testid="message-transcript">
          <Text span size="xs" fw={600} inherit>
            {t('assistants.transcript')}
          </Text>{' '}
          {message.transcript}
        </Text>
      )}
      {progress !== null && (
        <Progress
          value={Math.round(progress * 100)}
          size="sm"
          mt={4}
          animated
          aria-label={t('attendance.message.uploading', { percent: Math.round(progress * 100) })}
          data-testid="message-upload-progress"
        />
      )}
    </Box>
  );
};
