import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Someone saved the flow after it was opened here: keep theirs (reload) or save mine over it. */
export const ConflictModal = ({
  opened,
  onReload,
  onOverwrite,
}: {
  opened: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('chatFlowBuilder.conflict.title')}
      centered
    >
      <Text size="sm">{t('chatFlowBuilder.conflict.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onReload} data-testid="flow-conflict-reload">
          {t('chatFlowBuilder.conflict.reload')}
        </Button>
        <Button color="red" onClick={onOverwrite} data-testid="flow-conflict-overwrite">
          {t('chatFlowBuilder.conflict.overwrite')}
        </Button>
      </Group>
    </Modal>
  );
};
