import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconClockOff, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** In place of the composer when the customer-service window is closed: only a template may go (or wait). */
export const WindowClosedNotice = ({ onTemplates }: { onTemplates?: () => void }) => {
  const { t } = useTranslation();
  return (
    <Box px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Alert color="warning" variant="light" icon={<IconClockOff size={18} />} data-testid="composer-window-closed">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">
            {t(onTemplates ? 'attendance.templates.windowClosed' : 'attendance.templates.windowClosedWait')}
          </Text>
          {onTemplates && (
            <Button size="xs" leftSection={<IconTemplate size={14} />} onClick={onTemplates} style={{ flexShrink: 0 }}>
              {t('attendance.templates.send')}
            </Button>
          )}
        </Group>
      </Alert>
    </Box>
  );
};
