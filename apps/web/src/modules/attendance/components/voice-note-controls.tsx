import { Box, Group, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify';
import { ComposerToolButton } from './composer-tool-button';
import { formatDuration } from './media-helpers';
import type { TVoiceRecorder } from './use-voice-recorder';

/** Where the text box was while a voice note records: a red dot and the time so far. */
export const VoiceRecordingStatus = ({ seconds }: { seconds: number }) => {
  const { t } = useTranslation();
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="sm"
      h={36}
      style={{ flex: 1 }}
      role="status"
      aria-live="polite"
      data-testid="voice-recording"
    >
      <Box w={10} h={10} bg="red.6" style={{ borderRadius: '50%' }} aria-hidden />
      <Text size="sm" c="dimmed">
        {t('attendance.composer.recording')}
      </Text>
      <Text size="sm" fw={600} ff="monospace" data-testid="voice-timer">
        {formatDuration(seconds)}
      </Text>
    </Group>
  );
};

/** While recording: the bin discards the note, stop sends it. */
export const VoiceRecordingActions = ({
  voice,
  onVoice,
}: {
  voice: TVoiceRecorder;
  onVoice?: (file: File) => void;
}) => {
  const { t } = useTranslation();
  const finish = async () => {
    const file = await voice.stop();
    if (file && onVoice) onVoice(file);
  };
  return (
    <>
      <ComposerToolButton
        label={t('attendance.composer.cancelRecording')}
        icon={<IconTrash size={20} />}
        variant="subtle"
        color="negative"
        onClick={voice.cancel}
        testId="voice-cancel"
      />
      <ComposerToolButton
        label={t('attendance.composer.stopAndSend')}
        icon={<IconPlayerStopFilled size={18} />}
        color="red"
        onClick={() => void finish()}
        testId="voice-stop"
      />
    </>
  );
};

/** The microphone: starts a voice note, or says the browser refused the microphone. */
export const VoiceStartButton = ({ voice, disabled }: { voice: TVoiceRecorder; disabled: boolean }) => {
  const { t } = useTranslation();
  const start = async () => {
    try {
      await voice.start();
    } catch {
      notifyError(t('attendance.composer.micDenied'));
    }
  };
  return (
    <ComposerToolButton
      label={t('attendance.composer.voice')}
      icon={<IconMicrophone size={20} />}
      variant="subtle"
      color="gray"
      disabled={disabled}
      onClick={() => void start()}
      testId="voice-start"
    />
  );
};
