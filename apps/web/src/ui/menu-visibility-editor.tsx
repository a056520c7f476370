import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { menuKeys, type TMenuKey, type TMenuVisibility } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

type TMenuVisibilityEditorProps = {
  value: TMenuVisibility;
  onChange: (value: TMenuVisibility) => void;
  label: string;
  description?: string;
};

/** Checklist of the menu keys: checked = visible. Unchecked keys are stored as false. */
export const MenuVisibilityEditor = ({ value, onChange, label, description }: TMenuVisibilityEditorProps) => {
  const { t } = useTranslation();
  const isVisible = (key: TMenuKey) => value[key] !== false;
  const setAll = (visible: boolean) => onChange(Object.fromEntries(menuKeys.map((key) => [key, visible])));
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={500} size="sm">
            {label}
          </Text>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)}>
            {t('common.selectAll')}
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setAll(false)}>
            {t('common.selectNone')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
        {menuKeys.map((key) => (
          <Checkbox
            key={key}
            size="sm"
            label={t(`screens.${key}`)}
            checked={isVisible(key)}
            onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
            data-testid={`menu-permission-${key}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
