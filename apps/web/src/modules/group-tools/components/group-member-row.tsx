import { ActionIcon, Badge, Loader, Menu, Stack, Table, Text } from '@mantine/core';
import { formatPhone } from '@prosa/contracts';
import { IconArrowDown, IconArrowUp, IconDotsVertical, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import type { TGroupMember, TMemberAction, TMemberOutcome } from '../api/group-tools-api';

export type TMemberRole = 'superadmin' | 'admin' | 'member';

export const memberRole = (member: TGroupMember): TMemberRole => {
  if (member.superAdmin) return 'superadmin';
  return member.admin ? 'admin' : 'member';
};

const roleColors: Record<TMemberRole, string> = { superadmin: 'grape', admin: 'primary', member: 'gray' };

/** How a member reads: their formatted number, or their WhatsApp id when WhatsApp kept the number back. */
export const memberLabel = (member: TGroupMember) =>
  member.number ? formatPhone(`+${member.number}`) : member.id.replace(/@.*$/, '');

/** What was done to a member from the list, while it runs and once WhatsApp answered. */
export type TMemberState = { action: TMemberAction; pending: boolean; outcome?: TMemberOutcome };

const MemberActionIcon = ({ action }: { action: TMemberAction }) => {
  if (action === 'promote') return <IconArrowUp size={16} />;
  if (action === 'demote') return <IconArrowDown size={16} />;
  return <IconUserMinus size={16} />;
};

/** The actions on one member, in a menu (arrow keys move through it). */
const MemberMenu = ({
  label,
  actions,
  disabled,
  onAction,
}: {
  label: string;
  actions: TMemberAction[];
  disabled: boolean;
  onAction: (action: TMemberAction) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={disabled}
          aria-label={t('groupTools.members.actionsOf', { member: label })}
          data-testid="member-actions"
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'remove' ? 'negative' : undefined}
            leftSection={<MemberActionIcon action={action} />}
            onClick={() => onAction(action)}
            data-testid={`member-${action}`}
          >
            {t(`groupTools.members.actions.${action}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

type TMemberRowProps = {
  member: TGroupMember;
  state: TMemberState | undefined;
  /** Our number is admin of the group: WhatsApp lets it change members (else no actions show). */
  canChange: boolean;
  /** The connection's own number: named as such, never acted on from here. */
  isOwn?: boolean;
  onAction: (member: TGroupMember, action: TMemberAction) => void;
};

/** One member: name and number, role, the outcome of the last action on them, and the actions menu. */
export const GroupMemberRow = ({ member, state, canChange, isOwn = false, onAction }: TMemberRowProps) => {
  const { t } = useTranslation();
  const role = memberRole(member);
  const removed = state?.action === 'remove' && state.outcome?.ok;
  const label = memberLabel(member);
  return (
    <Table.Tr data-testid="group-member" data-number={member.number ?? ''} opacity={removed ? 0.6 : 1}>
      <Table.Td>
        <Stack gap={0}>
          {member.name && (
            <Text size="sm" fw={500}>
              {member.name}
            </Text>
          )}
          <Text size="sm" td={removed ? 'line-through' : undefined} c={member.number ? undefined : 'dimmed'}>
            {label}
          </Text>
          {!member.number && (
            <Text size="xs" c="dimmed">
              {t('groupTools.members.hiddenNumber')}
            </Text>
          )}
          {isOwn && (
            <Text size="xs" c="dimmed" data-testid="member-own">
              {t('groupTools.members.own')}
            </Text>
          )}
          <Text
            size="xs"
            c={state?.outcome?.ok ? 'positive' : 'negative'}
            aria-live="polite"
            data-testid="member-outcome"
          >
            {state?.outcome &&
              (state.outcome.ok
                ? t(`groupTools.members.done.${state.action}`)
                : t('groupTools.members.failed', { reason: translateErrorCode(state.outcome.error ?? '') }))}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={roleColors[role]} data-testid="member-role">
          {t(`groupTools.members.roles.${role}`)}
        </Badge>
      </Table.Td>
      <Table.Td w={48}>
        {canChange &&
          !isOwn &&
          (state?.pending ? (
            <Loader size="xs" aria-label={t('groupTools.members.working')} />
          ) : (
            <MemberMenu
              label={label}
              actions={[role === 'member' ? 'promote' : 'demote', 'remove']}
              disabled={!member.number || Boolean(removed)}
              onAction={(action) => onAction(member, action)}
            />
          ))}
      </Table.Td>
    </Table.Tr>
  );
};
