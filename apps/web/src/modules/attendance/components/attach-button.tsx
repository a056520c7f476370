import { ActionIcon, FileButton, Tooltip } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The paperclip: picks files for the tray (the picker is reset so the same file can be picked again). */
export const AttachButton = ({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) => {
  const { t } = useTranslation();
  const resetFilePicker = useRef<() => void>(null);
  return (
    <FileButton
      multiple
      resetRef={resetFilePicker}
      onChange={(files) => {
        onFiles(files);
        resetFilePicker.current?.();
      }}
      disabled={disabled}
    >
      {(props) => (
        <Tooltip label={t('attendance.composer.attach')}>
          <ActionIcon
            {...props}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('attendance.composer.attach')}
            data-testid="composer-attach"
          >
            <IconPaperclip size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
};
