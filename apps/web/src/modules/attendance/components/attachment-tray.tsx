import { Box, CloseButton, Group, Image, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconFile, IconHeadphones, IconMovie } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from './media-helpers';

const FileIcon = ({ type }: { type: string }) => {
  const Icon = type.startsWith('audio/') ? IconHeadphones : type.startsWith('video/') ? IconMovie : IconFile;
  return (
    <ThemeIcon variant="light" size={40} radius="sm">
      <Icon size={22} aria-hidden />
    </ThemeIcon>
  );
};

/** A stable key per picked File object (two files may share name, size and date). */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
const keyOf = (file: File) => {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
};

/** One picked file: a thumbnail for pictures (from the local copy), an icon for the rest. */
const TrayItem = ({ file, onRemove }: { file: File; onRemove: () => void }) => {
  const { t } = useTranslation();
  const isImage = file.type.startsWith('image/');
  const preview = useMemo(() => (isImage ? URL.createObjectURL(file) : null), [file, isImage]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <Paper withBorder radius="sm" p={4} pr={2} w={200} data-testid="attachment-item">
      <Group gap={6} wrap="nowrap" align="center">
        {preview ? <Image src={preview} alt="" w={40} h={40} radius="sm" fit="cover" /> : <FileIcon type={file.type} />}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" fw={500} truncate title={file.name}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)}
          </Text>
        </Box>
        <CloseButton
          size="sm"
          aria-label={t('attendance.composer.removeAttachment', { name: file.name })}
          onClick={onRemove}
        />
      </Group>
    </Paper>
  );
};

/** The files waiting to be sent with the next message; what is typed goes as the caption of the first. */
export const AttachmentTray = ({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) => {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      style={{ overflowX: 'auto' }}
      pb={2}
      role="list"
      aria-label={t('attendance.composer.attachments')}
      data-testid="attachment-tray"
    >
      {files.map((file, index) => (
        <Box role="listitem" key={keyOf(file)}>
          <TrayItem file={file} onRemove={() => onChange(files.filter((_, at) => at !== index))} />
        </Box>
      ))}
    </Group>
  );
};
