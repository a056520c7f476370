import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZGroupBanBody, ZGroupLinkBody, ZGroupWordBody } from '@prosa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { DeleteItemModal } from '../../../ui/delete-item-modal';
import { FilteredListTable, RowActions, type TListColumn } from '../../../ui/list-table';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import {
  type TGroupScope,
  type TGroupToolRow,
  type TGroupToolValues,
  useDeleteGroupTool,
  useGroupToolList,
  useSaveGroupTool,
} from '../api/group-tools-api';
import { GroupLogButton } from './group-log-drawer';
import { RemoveAllButton } from './remove-all-button';

/** The lists kept as a table of entries (the greeting and farewell are one text per group instead). */
export type TEntryKind = 'banList' | 'wordList' | 'groupLinkList';

type TRow<K extends TEntryKind> = TGroupToolRow[K];

const schemas = { banList: ZGroupBanBody, wordList: ZGroupWordBody, groupLinkList: ZGroupLinkBody } as const;

/** Each list's test-id prefix and locale section. */
const names = { banList: 'ban', wordList: 'word', groupLinkList: 'link' } as const;

const emptyValues = (kind: TEntryKind): Record<string, string> => {
  if (kind === 'banList') return { number: '' };
  if (kind === 'wordList') return { word: '', action: 'warn' };
  return { name: '', link: '' };
};

const valuesOf = (kind: TEntryKind, row: TRow<TEntryKind> | null): Record<string, string> => {
  if (!row) return emptyValues(kind);
  if ('number' in row) return { number: row.number };
  if ('word' in row) return { word: row.word, action: row.action };
  return { name: row.name, link: row.link };
};

const EntryFormModal = <K extends TEntryKind>({
  kind,
  scope,
  item,
  opened,
  onClose,
}: {
  kind: K;
  scope: TGroupScope;
  item: TRow<K> | null;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const name = names[kind];
  const save = useSaveGroupTool(kind, scope);
  const form = useForm<Record<string, string>>({
    initialValues: emptyValues(kind),
    validate: (values) => zodResolver(schemas[kind])({ ...scope, ...values }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the dialog opens for an item
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(kind, item));
    form.clearErrors();
  }, [opened, item]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: item?.id ?? null, values: values as unknown as TGroupToolValues[K] },
      {
        onSuccess: () => {
          notifySuccess(t('groupTools.saved'));
          onClose();
        },
        onError: (error) => showApiError(error, form),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t(`groupTools.${name}.${item ? 'edit' : 'add'}`)}>
      <form onSubmit={submit} noValidate data-testid={`${name}-form`}>
        <Stack>
          {kind === 'banList' && (
            <TextInput
              label={t('groupTools.ban.number')}
              description={t('groupTools.ban.numberHint')}
              placeholder="+55 (11) 98765-4321"
              withAsterisk
              data-autofocus
              data-testid="ban-number"
              {...form.getInputProps('number')}
            />
          )}
          {kind === 'wordList' && (
            <>
              <TextInput
                label={t('groupTools.word.word')}
                description={t('groupTools.word.wordHint')}
                withAsterisk
                maxLength={200}
                data-autofocus
                data-testid="word-word"
                {...form.getInputProps('word')}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('groupTools.word.action')}
                </Text>
                <SegmentedControl
                  data={[
                    { value: 'warn', label: t('groupTools.word.actions.warn') },
                    { value: 'remove', label: t('groupTools.word.actions.remove') },
                  ]}
                  data-testid="word-action"
                  {...form.getInputProps('action')}
                />
                <Text size="xs" c="dimmed">
                  {t(`groupTools.word.actionHints.${form.values.action === 'remove' ? 'remove' : 'warn'}`)}
                </Text>
              </Stack>
            </>
          )}
          {kind === 'groupLinkList' && (
            <>
              <TextInput
                label={t('groupTools.link.name')}
                withAsterisk
                maxLength={200}
                data-autofocus
                data-testid="link-name"
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('groupTools.link.link')}
                placeholder={t('groupTools.link.placeholder')}
                withAsterisk
                data-testid="link-link"
                {...form.getInputProps('link')}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid={`${name}-save`}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * A group's entries of one list: the table, add, edit and delete (confirmed), remove them all (confirmed), and
 * the log of what the list's tool did in the group (not for the invite links, which do nothing by themselves).
 */
export const GroupEntries = <K extends TEntryKind>({
  kind,
  scope,
  groupName,
  withTitle = false,
}: {
  kind: K;
  scope: TGroupScope;
  groupName: string;
  withTitle?: boolean;
}) => {
  const { t } = useTranslation();
  const name = names[kind];
  const list = useGroupToolList(kind, scope);
  const remove = useDeleteGroupTool(kind, scope);
  const [editing, setEditing] = useState<TRow<K> | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TRow<K> | null>(null);
  const rows = (list.data ?? []) as TRow<K>[];

  const open = (item: TRow<K> | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const describe = (row: TRow<TEntryKind>): string => {
    if ('number' in row) return row.number;
    if ('word' in row) return row.word;
    return row.name;
  };

  const columns: TListColumn<TRow<K>>[] = [
    ...(kind === 'banList'
      ? [{ key: 'number', label: t('groupTools.ban.number'), render: (row: TRow<K>) => describe(row) }]
      : []),
    ...(kind === 'wordList'
      ? [
          { key: 'word', label: t('groupTools.word.word'), render: (row: TRow<K>) => describe(row) },
          {
            key: 'action',
            label: t('groupTools.word.action'),
            width: 140,
            render: (row: TRow<K>) => {
              const action = 'action' in row ? row.action : 'warn';
              return (
                <Badge
                  variant="light"
                  color={action === 'remove' ? 'negative' : 'warning'}
                  data-testid="word-action-badge"
                >
                  {t(`groupTools.word.actions.${action}`)}
                </Badge>
              );
            },
          },
        ]
      : []),
    ...(kind === 'groupLinkList'
      ? [
          { key: 'name', label: t('groupTools.link.name'), render: (row: TRow<K>) => describe(row) },
          {
            key: 'link',
            label: t('groupTools.link.link'),
            render: (row: TRow<K>) => ('link' in row ? row.link : ''),
          },
        ]
      : []),
    {
      key: 'actions',
      width: 100,
      render: (row) => (
        <RowActions
          editLabel={t(`groupTools.${name}.edit`)}
          deleteLabel={t(`groupTools.${name}.delete`)}
          onEdit={() => open(row)}
          onDelete={() => setDeleting(row)}
          testIdPrefix={name}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        {withTitle ? (
          <Title order={2} fz="h4">
            {t(`groupTools.${name}.title`)}
          </Title>
        ) : (
          <span />
        )}
        <Group gap="xs">
          {kind !== 'groupLinkList' && (
            <GroupLogButton kind={kind as 'banList' | 'wordList'} scope={scope} groupName={groupName} />
          )}
          <RemoveAllButton kind={kind} scope={scope} groupName={groupName} count={rows.length} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid={`${name}-add`}>
            {t(`groupTools.${name}.add`)}
          </Button>
        </Group>
      </Group>
      <FilteredListTable
        query={list}
        total={list.data?.length}
        empty={{ title: t(`groupTools.${name}.empty`), description: t(`groupTools.${name}.emptyHint`) }}
        noMatch=""
        columns={columns}
        rows={rows}
        minWidth={420}
        name={name}
      />
      <EntryFormModal kind={kind} scope={scope} item={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
      <DeleteItemModal
        item={deleting}
        title={t(`groupTools.${name}.delete`)}
        message={t('groupTools.deleteMessage', { name: deleting ? describe(deleting) : '' })}
        remove={remove}
        onDeleted={() => notifySuccess(t('groupTools.deleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
