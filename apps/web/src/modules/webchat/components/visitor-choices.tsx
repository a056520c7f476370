import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The options of the menu the bot just sent, as buttons under it: a tap sends the option's label, as if typed.
 * Shown only under the newest message, so an answered menu offers nothing more.
 */
export const VisitorChoices = ({ choices, onChoose }: { choices: string[]; onChoose: (label: string) => void }) => {
  const { t } = useTranslation();
  return (
    <Group gap={6} role="group" aria-label={t('webchat.choices')} data-testid="webchat-choices">
      {choices.map((label) => (
        <Button key={label} size="compact-sm" variant="light" radius="xl" onClick={() => onChoose(label)}>
          {label}
        </Button>
      ))}
    </Group>
  );
};
