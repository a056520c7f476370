import { ActionIcon, Button, Drawer, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GroupMembersList } from './group-members-list';

/** The group whose members are shown: its connection, id and name. */
export type TMembersOf = { connectionId: number; groupId: string; subject: string };

/** "Participantes: <grupo>": a drawer with the group's member list, opened from a group picker or a result. */
export const GroupMembersDrawer = ({ of, onClose }: { of: TMembersOf | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={of !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('groupTools.members.title', { group: of?.subject || of?.groupId })}
    >
      {of && (
        <GroupMembersList
          key={`${of.connectionId}-${of.groupId}`}
          scope={{ connectionId: of.connectionId, groupId: of.groupId }}
          groupName={of.subject || of.groupId}
        />
      )}
    </Drawer>
  );
};

/** "Ver participantes" of one group: an icon beside the group in a picker, or a small button in a result. */
export const MembersButton = ({
  subject,
  onClick,
  compact = false,
}: {
  subject: string;
  onClick: () => void;
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  const label = t('groupTools.members.openOf', { group: subject });
  if (!compact)
    return (
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconUsers size={14} />}
        aria-label={label}
        onClick={onClick}
        data-testid="group-members-open"
      >
        {t('groupTools.members.open')}
      </Button>
    );
  return (
    <Tooltip label={t('groupTools.members.open')} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick} data-testid="group-members-open">
        <IconUsers size={16} />
      </ActionIcon>
    </Tooltip>
  );
};
