import { Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { fillGroupMessage, type TGroupInfo, ZGroupGreetingBody } from '@prosa/contracts';
import { IconDeviceFloppy, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { type TGroupScope, useDeleteGroupTool, useGroupToolList, useSaveGroupTool } from '../api/group-tools-api';
import { GroupEntries } from '../components/group-entries';
import { GroupLogButton } from '../components/group-log-drawer';
import { GroupPicker } from '../components/group-picker';
import { GroupScreensNav } from '../components/group-screens-nav';

type TMessageKind = 'greetingMessage' | 'farewellMessage';
type TEditorKind = TMessageKind | 'groupFarewellPrivateMessage';

/** One text per group (greeting, farewell, private farewell): edit, preview, delete, and its log. */
const MessageEditor = ({ kind, scope, group }: { kind: TEditorKind; scope: TGroupScope; group: TGroupInfo | null }) => {
  const { t } = useTranslation();
  const id = kind === 'groupFarewellPrivateMessage' ? 'private-message' : 'group-message';
  const list = useGroupToolList(kind, scope);
  const save = useSaveGroupTool(kind, scope);
  const remove = useDeleteGroupTool(kind, scope);
  const current = list.data?.[0] ?? null;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    setText(current?.message ?? '');
    setError(undefined);
  }, [current]);

  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <Skeleton h={120} />;

  const submit = () => {
    const errors = zodResolver(ZGroupGreetingBody)({ ...scope, message: text });
    if (errors.message) return setError(String(errors.message));
    save.mutate(
      { id: current?.id ?? null, values: { message: text.trim() } },
      {
        onSuccess: () => notifySuccess(t('groupTools.saved')),
        onError: (failure) => showApiError(failure),
      },
    );
  };

  const preview = text.trim()
    ? fillGroupMessage(text, { name: t('groupTools.message.sampleName'), group: group?.subject || scope.groupId })
    : '';

  return (
    <Stack gap="sm">
      <Textarea
        label={t(`groupTools.message.${kind}`)}
        description={t('groupTools.message.variables')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={4096}
        withAsterisk
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(undefined);
        }}
        data-testid={id}
      />
      {preview && (
        <Text size="sm" c="dimmed" data-testid={`${id}-preview`} style={{ whiteSpace: 'pre-wrap' }}>
          {t('groupTools.message.preview')}: {preview}
        </Text>
      )}
      <Group justify="flex-end">
        <GroupLogButton kind={kind} scope={scope} groupName={group?.subject || scope.groupId} />
        {current && (
          <Button
            variant="subtle"
            color="negative"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
            data-testid={`${id}-delete`}
          >
            {t('groupTools.message.remove')}
          </Button>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={save.isPending}
          onClick={submit}
          data-testid={`${id}-save`}
        >
          {t('common.save')}
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={confirming}
        title={t('groupTools.message.remove')}
        message={t('groupTools.message.removeConfirm')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          current &&
          remove.mutate(current.id, {
            onSuccess: () => {
              notifySuccess(t('groupTools.deleted'));
              setConfirming(false);
            },
            onError: (failure) => showApiError(failure),
          })
        }
      />
    </Stack>
  );
};

/**
 * `/grupo/saudacao` and `/grupo/despedida`: one message per group, sent when a member joins (greeting) or
 * leaves (farewell), with `{{name}}` and `{{group}}`. The greeting screen also keeps the group's invite links; the
 * farewell screen also the private farewell, sent to who left in their own conversation.
 */
export const GroupMessagePage = ({ kind }: { kind: TMessageKind }) => {
  const { t } = useTranslation();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [group, setGroup] = useState<{ id: string; info: TGroupInfo | null } | null>(null);
  const scope = connectionId && group ? { connectionId: Number(connectionId), groupId: group.id } : null;
  return (
    <Stack>
      <PageHeader
        title={t(kind === 'greetingMessage' ? 'screens.grupo-saudacao' : 'screens.grupo-despedida')}
        icon={IconUsersGroup}
      />
      <GroupScreensNav />
      <Text c="dimmed" size="sm">
        {t(`groupTools.message.hint.${kind}`)}
      </Text>
      <Paper withBorder p="md" radius="md" maw={880}>
        <GroupPicker
          connectionId={connectionId}
          onConnectionChange={setConnectionId}
          value={group ? [group.id] : []}
          onChange={(ids, groups) => setGroup(ids[0] ? { id: ids[0], info: groups[0] ?? null } : null)}
        />
      </Paper>
      {scope && (
        <Paper withBorder p="md" radius="md" maw={880}>
          <MessageEditor key={`${kind}-${scope.groupId}`} kind={kind} scope={scope} group={group?.info ?? null} />
        </Paper>
      )}
      {scope && kind === 'farewellMessage' && (
        <Paper withBorder p="md" radius="md" maw={880}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('groupTools.message.privateTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('groupTools.message.hint.groupFarewellPrivateMessage')}
            </Text>
            <MessageEditor
              key={`private-${scope.groupId}`}
              kind="groupFarewellPrivateMessage"
              scope={scope}
              group={group?.info ?? null}
            />
          </Stack>
        </Paper>
      )}
      {scope && kind === 'greetingMessage' && (
        <Paper withBorder p="md" radius="md" maw={880}>
          <Stack gap={4}>
            <Title order={2} fz="h4">
              {t('groupTools.link.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('groupTools.link.hint')}
            </Text>
            <GroupEntries kind="groupLinkList" scope={scope} groupName={group?.info?.subject || scope.groupId} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
