import { Alert, Button, Center, EmptyState, Group, Skeleton, Stack, Table } from '@mantine/core';
import { IconAlertCircle, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../app/http/errors';

export const TableSkeletonRows = ({ rows = 5, columns }: { rows?: number; columns: number }) => (
  <>
    {Array.from({ length: rows }, (_, row) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={row} data-testid="skeleton-row">
        {Array.from({ length: columns }, (_, column) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
          <Table.Td key={column}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ))}
  </>
);

export const EmptyList = ({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) => (
  <Center py="xl">
    <EmptyState icon={<IconMoodEmpty size={32} />} title={title} description={description} withIndicatorBackground>
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  </Center>
);

export const ErrorState = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert color="negative" variant="light" icon={<IconAlertCircle size={18} />} title={t('common.loadError')} my="md">
      <Stack gap="xs">
        <span>{describeApiError(error)}</span>
        {onRetry && (
          <Group>
            <Button
              size="xs"
              variant="light"
              color="negative"
              leftSection={<IconRefresh size={14} />}
              onClick={onRetry}
            >
              {t('common.retry')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
};

export const LoadMore = ({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) => {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <Center mt="md">
      <Button variant="subtle" loading={loading} onClick={onLoad}>
        {t('common.loadMore')}
      </Button>
    </Center>
  );
};
