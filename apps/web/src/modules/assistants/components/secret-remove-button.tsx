import { Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** "Remover" beside a stored secret (a key, a token), turning into "Desfazer" with the warning while marked. */
export const SecretRemoveButton = ({
  removing,
  onToggle,
  labels,
  testId,
}: {
  removing: boolean;
  onToggle: () => void;
  labels: { remove: string; undo: string; removing: string };
  testId: string;
}) => (
  <>
    <Button
      size="compact-xs"
      variant="subtle"
      color={removing ? 'gray' : 'negative'}
      leftSection={removing ? undefined : <IconTrash size={14} />}
      onClick={onToggle}
      data-testid={testId}
    >
      {removing ? labels.undo : labels.remove}
    </Button>
    {removing && (
      <Text size="xs" c="negative">
        {labels.removing}
      </Text>
    )}
  </>
);
