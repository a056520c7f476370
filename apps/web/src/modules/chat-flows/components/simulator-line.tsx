import { Badge, Box, Paper, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

type TOption = { value: string; label: string };

/** Names to show instead of ids (the builder's lookups fit); an id without a name is shown as `#id`. */
export type TSimulatorLookups = Partial<Record<'queues' | 'users' | 'flows' | 'tags', TOption[]>>;

/** One line of the simulated conversation. */
export type TSimEntry =
  | { kind: 'customer'; text: string }
  | { kind: 'bot'; text: string; options?: string[] }
  | { kind: 'media'; name: string; caption: string }
  | { kind: 'system'; text: string; tone?: 'exit' | 'error' };

const bubble = { maxWidth: '85%', whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

/** One line of the simulated conversation as the admin sees it. */
export const SimLine = ({ entry }: { entry: TSimEntry }) => {
  switch (entry.kind) {
    case 'customer':
      return (
        <Paper
          data-testid="simulator-customer"
          p="xs"
          radius="md"
          bg="var(--mantine-primary-color-light)"
          ml="auto"
          style={bubble}
        >
          <Text size="sm">{entry.text}</Text>
        </Paper>
      );
    case 'bot':
      return (
        <Paper data-testid="simulator-bot" p="xs" radius="md" withBorder mr="auto" style={bubble}>
          {entry.text && <Text size="sm">{entry.text}</Text>}
          {entry.options?.map((option) => (
            <Text size="sm" key={option}>
              {option}
            </Text>
          ))}
        </Paper>
      );
    case 'media':
      return (
        <Paper data-testid="simulator-media" p="xs" radius="md" withBorder mr="auto" style={bubble}>
          <Badge variant="light" color="gray" leftSection={<IconPaperclip size={12} />} tt="none">
            {entry.name}
          </Badge>
          {entry.caption && (
            <Text size="sm" mt={4}>
              {entry.caption}
            </Text>
          )}
        </Paper>
      );
    case 'system':
      return (
        <Box ta="center" data-testid="simulator-system">
          <Text
            size="xs"
            fw={entry.tone === 'exit' ? 600 : undefined}
            c={entry.tone === 'error' ? 'negative' : entry.tone === 'exit' ? undefined : 'dimmed'}
          >
            {entry.text}
          </Text>
        </Box>
      );
    default: {
      const never: never = entry;
      return never;
    }
  }
};
