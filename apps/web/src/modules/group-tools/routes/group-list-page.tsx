import { Paper, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { GroupEntries, type TEntryKind } from '../components/group-entries';
import { GroupPicker } from '../components/group-picker';
import { GroupScreensNav } from '../components/group-screens-nav';

const screens = { banList: 'grupo-banlist', wordList: 'grupo-wordlist' } as const;
const hints = { banList: 'ban', wordList: 'word' } as const;

/**
 * `/grupo/banlist` and `/grupo/wordlist`: pick a connection and one of its groups, then that group's numbers
 * removed on sight (ban list) or words whose messages are deleted, with a warning or the member's removal.
 */
export const GroupListPage = ({ kind }: { kind: Exclude<TEntryKind, 'groupLinkList'> }) => {
  const { t } = useTranslation();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [group, setGroup] = useState<{ id: string; name: string } | null>(null);
  return (
    <Stack>
      <PageHeader title={t(`screens.${screens[kind]}`)} icon={IconUsersGroup} />
      <GroupScreensNav />
      <Text c="dimmed" size="sm">
        {t(`groupTools.${hints[kind]}.hint`)}
      </Text>
      <Paper withBorder p="md" radius="md" maw={880}>
        <GroupPicker
          connectionId={connectionId}
          onConnectionChange={setConnectionId}
          value={group ? [group.id] : []}
          onChange={(ids, groups) => setGroup(ids[0] ? { id: ids[0], name: groups[0]?.subject || ids[0] } : null)}
        />
      </Paper>
      {connectionId && group && (
        <Paper withBorder p="md" radius="md" maw={880}>
          <GroupEntries
            kind={kind}
            scope={{ connectionId: Number(connectionId), groupId: group.id }}
            groupName={group.name}
          />
        </Paper>
      )}
    </Stack>
  );
};
