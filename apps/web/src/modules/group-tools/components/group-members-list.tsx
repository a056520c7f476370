import { Alert, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { showApiError } from '../../../ui/server-errors';
import { useConnections } from '../../connections/api/connections-api';
import {
  type TGroupMember,
  type TGroupScope,
  type TMemberAction,
  useGroupMembers,
  useMemberAction,
} from '../api/group-tools-api';
import { GroupMemberRow, memberLabel, memberRole, type TMemberState } from './group-member-row';

const roleOrder = { superadmin: 0, admin: 1, member: 2 } as const;

/** Admins first, then by name or number. */
const byRole = (a: TGroupMember, b: TGroupMember) =>
  roleOrder[memberRole(a)] - roleOrder[memberRole(b)] ||
  (a.name ?? memberLabel(a)).localeCompare(b.name ?? memberLabel(b));

/** A search by part of the number (typed as it likes), of the name, or of the WhatsApp id. */
const matches = (member: TGroupMember, search: string) => {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const digits = text.replace(/\D/g, '');
  return (
    (digits.length > 0 && (member.number ?? member.id).includes(digits)) ||
    Boolean(member.name?.toLowerCase().includes(text))
  );
};

/**
 * A group's members (POST /listGroupById): searchable, counted, admins first; where our number is admin, each
 * can be promoted, demoted or removed (confirmed), with WhatsApp's answer shown on the member's row.
 */
export const GroupMembersList = ({ scope, groupName }: { scope: TGroupScope; groupName: string }) => {
  const { t } = useTranslation();
  const members = useGroupMembers(scope);
  const act = useMemberAction(scope);
  // The connection's own number is in every group it acts on: it is shown as such, with no actions.
  const connections = useConnections();
  const ownNumber = connections.data?.find((c) => c.id === scope.connectionId)?.number?.replace(/\D/g, '') || null;
  const [search, setSearch] = useState('');
  const [states, setStates] = useState<Record<string, TMemberState>>({});
  const [removing, setRemoving] = useState<TGroupMember | null>(null);

  const run = async (member: TGroupMember, action: TMemberAction) => {
    if (!member.number) return;
    setStates((current) => ({ ...current, [member.id]: { action, pending: true } }));
    try {
      const outcome = await act.mutateAsync({ action, number: member.number });
      setStates((current) => ({ ...current, [member.id]: { action, pending: false, outcome } }));
    } catch (error) {
      setStates(({ [member.id]: _, ...others }) => others);
      showApiError(error);
    }
  };

  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  const all = [...(members.data?.participants ?? [])].sort(byRole);
  const shown = all.filter((member) => matches(member, search));
  const canChange = members.data?.group.isAdmin ?? false;
  const removed = Object.values(states).filter((state) => state.action === 'remove' && state.outcome?.ok).length;
  const admins = all.filter((member) => member.admin).length;

  return (
    <Stack gap="sm" data-testid="group-members">
      {members.data && !canChange && (
        <Alert color="warning" variant="light" data-testid="group-members-not-admin">
          {t('groupTools.members.notAdmin')}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <TextInput
          flex={1}
          miw={200}
          leftSection={<IconSearch size={16} />}
          placeholder={t('groupTools.members.search')}
          aria-label={t('groupTools.members.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="group-members-search"
        />
        {members.data && (
          <Text size="sm" c="dimmed" data-testid="group-members-count">
            {search.trim()
              ? t('groupTools.members.shown', { shown: shown.length, count: all.length - removed })
              : `${t('groupTools.members.count', { count: all.length - removed })} · ${t('groupTools.members.admins', { count: admins })}`}
          </Text>
        )}
      </Group>
      {members.data && all.length === 0 ? (
        <EmptyList title={t('groupTools.members.empty')} />
      ) : (
        <Table verticalSpacing="xs" data-testid="group-members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('groupTools.members.member')}</Table.Th>
              <Table.Th w={140}>{t('groupTools.members.role')}</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data ? (
              shown.map((member) => (
                <GroupMemberRow
                  key={member.id}
                  member={member}
                  state={states[member.id]}
                  canChange={canChange}
                  isOwn={ownNumber !== null && member.number === ownNumber}
                  onAction={(target, action) => (action === 'remove' ? setRemoving(target) : void run(target, action))}
                />
              ))
            ) : (
              <TableSkeletonRows columns={3} rows={4} />
            )}
          </Table.Tbody>
        </Table>
      )}
      {members.data && all.length > 0 && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('common.nothingFound')}
        </Text>
      )}
      <ConfirmDeleteModal
        opened={removing !== null}
        title={t('groupTools.members.removeTitle')}
        message={t('groupTools.members.removeConfirm', {
          member: removing ? memberLabel(removing) : '',
          group: groupName,
        })}
        confirmLabel={t('groupTools.members.actions.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void run(removing, 'remove');
          setRemoving(null);
        }}
      />
    </Stack>
  );
};
