import { Alert, Checkbox, Group, Input, Paper, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { TGroupInfo } from '@prosa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/data-states';
import { ConnectionSelect } from '../../campaigns/components/connection-select';
import { useConnections } from '../../connections/api/connections-api';
import { useGroups } from '../api/group-tools-api';
import { GroupMembersDrawer, type TMembersOf } from './group-members-drawer';
import { GroupPickerRow } from './group-picker-row';

type TGroupPickerProps = {
  connectionId: string | null;
  onConnectionChange: (connectionId: string | null) => void;
  /** The chosen groups' ids (one at most without `multiple`). */
  value: string[];
  /** The chosen ids and their groups (for their names). */
  onChange: (groupIds: string[], groups: TGroupInfo[]) => void;
  multiple?: boolean;
  /** Only groups where our number is admin may be chosen (the others show why they may not). */
  needsAdmin?: boolean;
  error?: ReactNode;
  connectionError?: ReactNode;
  /** The connection field's label (default "Conexão"). */
  connectionLabel?: string;
  /** Only the connection (creating a group needs no group). */
  hideGroups?: boolean;
};

const matches = (group: TGroupInfo, search: string) =>
  !search || group.subject.toLowerCase().includes(search.toLowerCase()) || group.groupId.includes(search);

/**
 * The connection (WhatsApp by QR code or Evolution: only those see groups) and then its groups, searchable, one or many.
 * Each group says whether our number is admin there, which most group actions need, and shows its members.
 */
export const GroupPicker = ({
  connectionId,
  onConnectionChange,
  value,
  onChange,
  multiple = false,
  needsAdmin = false,
  error,
  connectionError,
  hideGroups = false,
  connectionLabel,
}: TGroupPickerProps) => {
  const { t } = useTranslation();
  const connections = useConnections();
  const groups = useGroups(connectionId && !hideGroups ? Number(connectionId) : null);
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<TMembersOf | null>(null);
  const all = groups.data ?? [];
  const shown = all.filter((group) => matches(group, search.trim()));
  const usable = (group: TGroupInfo) => !needsAdmin || group.isAdmin;

  const toggle = (group: TGroupInfo, checked: boolean) => {
    const ids = multiple
      ? checked
        ? [...value, group.groupId]
        : value.filter((id) => id !== group.groupId)
      : [group.groupId];
    onChange(
      ids,
      all.filter((item) => ids.includes(item.groupId)),
    );
  };

  const selectable = shown.filter(usable);
  const allChosen = selectable.length > 0 && selectable.every((group) => value.includes(group.groupId));

  return (
    <Stack gap="sm">
      <ConnectionSelect
        connections={connections.data}
        kind="grupos"
        label={connectionLabel ?? t('groupTools.picker.connection')}
        value={connectionId}
        onChange={(next) => {
          onConnectionChange(next);
          onChange([], []);
        }}
        error={connectionError}
      />
      {connectionId && !hideGroups && (
        <Input.Wrapper
          label={multiple ? t('groupTools.picker.groups') : t('groupTools.picker.group')}
          error={error}
          withAsterisk
        >
          <Paper withBorder p="sm" mt={4} radius="md" data-testid="group-picker">
            {groups.isError ? (
              <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
            ) : groups.isPending ? (
              <Stack gap="xs">
                <Skeleton h={20} />
                <Skeleton h={20} />
                <Skeleton h={20} />
              </Stack>
            ) : all.length === 0 ? (
              <Alert color="gray" data-testid="group-picker-empty">
                {t('groupTools.picker.noGroups')}
              </Alert>
            ) : (
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <TextInput
                    flex={1}
                    size="xs"
                    leftSection={<IconSearch size={14} />}
                    placeholder={t('groupTools.picker.search')}
                    aria-label={t('groupTools.picker.search')}
                    value={search}
                    onChange={(event) => setSearch(event.currentTarget.value)}
                    data-testid="group-search"
                  />
                  {multiple && (
                    <Checkbox
                      size="xs"
                      label={t('groupTools.picker.all')}
                      checked={allChosen}
                      disabled={selectable.length === 0}
                      onChange={(event) => {
                        const ids = event.currentTarget.checked
                          ? [...new Set([...value, ...selectable.map((group) => group.groupId)])]
                          : value.filter((id) => !selectable.some((group) => group.groupId === id));
                        onChange(
                          ids,
                          all.filter((group) => ids.includes(group.groupId)),
                        );
                      }}
                      data-testid="group-all"
                    />
                  )}
                </Group>
                <ScrollArea.Autosize mah={280}>
                  <Stack gap={8}>
                    {shown.map((group) => (
                      <GroupPickerRow
                        key={group.groupId}
                        group={group}
                        checked={value.includes(group.groupId)}
                        disabled={!usable(group)}
                        multiple={multiple}
                        onToggle={(checked) => toggle(group, checked)}
                        onViewMembers={() =>
                          setViewing({
                            connectionId: Number(connectionId),
                            groupId: group.groupId,
                            subject: group.subject,
                          })
                        }
                      />
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
                {shown.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('common.nothingFound')}
                  </Text>
                )}
                {multiple && (
                  <Text size="xs" c="dimmed" data-testid="group-chosen">
                    {t('groupTools.picker.chosen', { count: value.length })}
                  </Text>
                )}
              </Stack>
            )}
          </Paper>
        </Input.Wrapper>
      )}
      <GroupMembersDrawer of={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
};
