import { Badge, Checkbox, Group, Radio, Text, Tooltip } from '@mantine/core';
import type { TGroupInfo } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { MembersButton } from './group-members-drawer';

type TGroupPickerRowProps = {
  group: TGroupInfo;
  checked: boolean;
  /** Our number is not admin where the action needs it: the group shows why it may not be chosen. */
  disabled: boolean;
  multiple: boolean;
  onToggle: (checked: boolean) => void;
  onViewMembers: () => void;
};

/** One group of the picker: its name, size and whether our number is admin, and "Ver participantes". */
export const GroupPickerRow = ({
  group,
  checked,
  disabled,
  multiple,
  onToggle,
  onViewMembers,
}: TGroupPickerRowProps) => {
  const { t } = useTranslation();
  const label = (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500}>
        {group.subject || group.groupId}
      </Text>
      <Text size="xs" c="dimmed">
        {t('groupTools.picker.members', { count: group.size })}
      </Text>
      <Badge size="sm" variant="light" color={group.isAdmin ? 'positive' : 'gray'} data-testid="group-admin-badge">
        {t(group.isAdmin ? 'groupTools.picker.admin' : 'groupTools.picker.notAdmin')}
      </Badge>
    </Group>
  );
  const input = multiple ? (
    <Checkbox
      checked={checked}
      disabled={disabled}
      label={label}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      data-testid="group-option"
      data-group={group.groupId}
    />
  ) : (
    <Radio
      checked={checked}
      disabled={disabled}
      label={label}
      onChange={() => onToggle(true)}
      data-testid="group-option"
      data-group={group.groupId}
    />
  );
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="group-row">
      <Tooltip label={t('groupTools.picker.needsAdmin')} disabled={!disabled} position="top-start">
        <div>{input}</div>
      </Tooltip>
      <MembersButton compact subject={group.subject || group.groupId} onClick={onViewMembers} />
    </Group>
  );
};
