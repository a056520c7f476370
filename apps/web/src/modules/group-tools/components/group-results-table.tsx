import { Anchor, Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { TGroupInfo } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import { CopyIconButton } from '../../../ui/copy-icon-button';
import type { TGroupActionResult } from '../api/group-tools-api';
import { GroupMembersDrawer, MembersButton, type TMembersOf } from './group-members-drawer';

/** A group just created: its WhatsApp id and invite link (each to copy), and its members. */
const CreatedGroup = ({
  groupId,
  subject,
  inviteLink,
  onViewMembers,
}: {
  groupId: string;
  subject: string;
  inviteLink: string | null | undefined;
  onViewMembers: () => void;
}) => {
  const { t } = useTranslation();
  const copy = (value: string, label: string) => (
    <CopyIconButton value={value} label={label} copiedLabel={t('groupTools.actions.copied')} color="gray" size="sm" />
  );
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Code data-testid="group-result-id">{groupId}</Code>
        {copy(groupId, t('groupTools.actions.copyId'))}
        <MembersButton subject={subject} onClick={onViewMembers} />
      </Group>
      {inviteLink ? (
        <Group gap={4} wrap="nowrap" data-testid="group-result-link">
          <Anchor href={inviteLink} target="_blank" rel="noreferrer" size="sm">
            {inviteLink}
          </Anchor>
          {copy(inviteLink, t('groupTools.actions.copyLink'))}
        </Group>
      ) : (
        inviteLink === null && (
          <Text size="xs" c="dimmed" data-testid="group-result-no-link">
            {t('groupTools.actions.noLink')}
          </Text>
        )
      )}
    </Stack>
  );
};

/**
 * The per-group outcome of the last action: ok, or the catalogue's text of WhatsApp's refusal (per number for
 * the member changes); a created group's id, invite link and members. A count of done and failed heads it.
 */
export const GroupResultsTable = ({
  results,
  groups,
  connectionId,
}: {
  results: TGroupActionResult[];
  groups: TGroupInfo[];
  connectionId: number;
}) => {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<TMembersOf | null>(null);
  const nameOf = (result: TGroupActionResult) =>
    result.subject ?? groups.find((group) => group.groupId === result.groupId)?.subject ?? result.groupId;
  const done = results.filter((result) => result.ok).length;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} role="status" data-testid="group-results-summary">
        {t('groupTools.actions.summary', { done, failed: results.length - done })}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" data-testid="group-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('groupTools.actions.group')}</Table.Th>
              <Table.Th w={110}>{t('groupTools.actions.result')}</Table.Th>
              <Table.Th>{t('groupTools.actions.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((result, index) => (
              // A title may come twice among new groups: the place keeps the rows apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: results have no id of their own
              <Table.Tr key={`${result.groupId}-${index}`} data-testid="group-result-row">
                <Table.Td>{nameOf(result)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={result.ok ? 'positive' : 'negative'}>
                    {t(result.ok ? 'groupTools.actions.ok' : 'groupTools.actions.failed')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {result.error && <Text size="sm">{translateErrorCode(result.error)}</Text>}
                    {result.ok && result.subject !== undefined && (
                      <CreatedGroup
                        groupId={result.groupId}
                        subject={nameOf(result)}
                        inviteLink={result.inviteLink}
                        onViewMembers={() =>
                          setViewing({ connectionId, groupId: result.groupId, subject: nameOf(result) })
                        }
                      />
                    )}
                    {result.members
                      ?.filter((member) => !member.ok)
                      .map((member) => (
                        <Text key={member.number} size="xs" c="dimmed">
                          {member.number}:{' '}
                          {member.error ? translateErrorCode(member.error) : t('groupTools.actions.failed')}
                        </Text>
                      ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <GroupMembersDrawer of={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
};
