import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconArrowForwardUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TForwardSelectionBarProps = {
  count: number;
  onCancel: () => void;
  onForward: () => void;
};

/** Replaces the message box while the agent picks messages to forward: how many, cancel (Esc), forward. */
export const ForwardSelectionBar = ({ count, onCancel, onForward }: TForwardSelectionBarProps) => {
  const { t } = useTranslation();
  useHotkeys([['Escape', onCancel]]);
  return (
    <Paper
      px="md"
      py="sm"
      radius={0}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="forward-selection-bar"
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={`${t('attendance.forward.cancelSelection')} (Esc)`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onCancel}
              aria-label={t('attendance.forward.cancelSelection')}
              data-testid="forward-selection-cancel"
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" fw={600} truncate data-testid="forward-selection-count">
            {t('attendance.forward.selected', { count })}
          </Text>
        </Group>
        <Button
          leftSection={<IconArrowForwardUp size={16} />}
          disabled={count === 0}
          onClick={onForward}
          data-testid="forward-selection-confirm"
        >
          {t('attendance.forward.confirm')}
        </Button>
      </Group>
    </Paper>
  );
};
