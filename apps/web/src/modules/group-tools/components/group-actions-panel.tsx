import { Badge, Button, Group, Select, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  type TGroupInfo,
  ZChangeDescriptions,
  ZChangePicturesUrl,
  ZChangeTitles,
  ZCreateGroups,
  ZGroupParticipantsChange,
  ZSetAdminsOnly,
} from '@prosa/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import { showApiError } from '../../../ui/server-errors';
import { type TSafeParseSchema, zodResolver } from '../../../ui/zod-form';
import { type TGroupActionPath, type TGroupActionResult, useGroupAction } from '../api/group-tools-api';
import { GroupPicker } from './group-picker';
import { PictureFields, pictureForm, type TPictureFields } from './group-picture-fields';

const actions = [
  'title',
  'description',
  'adminsOnly',
  'picture',
  'add',
  'remove',
  'promote',
  'demote',
  'create',
] as const;
type TActionName = (typeof actions)[number];

const paths: Record<TActionName, TGroupActionPath> = {
  title: '/changeTitles',
  description: '/changeDescriptions',
  adminsOnly: '/setAdminsOnlyForGroups',
  add: '/addParticipantsToGroups',
  remove: '/removeParticipantsFromGroups',
  promote: '/promoteParticipantsInGroups',
  demote: '/demoteParticipantsInGroups',
  picture: '/changePicturesUrl',
  create: '/createGroups',
};

/** A picture sent as a file checks the groups alone here (the server reads the image). */
const ZPictureGroups = ZChangePicturesUrl.pick({ connectionId: true, groupIds: true });

const numberActions: readonly TActionName[] = ['add', 'remove', 'promote', 'demote'];

/** Numbers typed one per line (or separated by commas or semicolons). */
const splitNumbers = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((number) => number.trim())
    .filter(Boolean);

type TFields = {
  title: string;
  description: string;
  adminsOnly: boolean;
  numbers: string;
  subject: string;
} & TPictureFields;

const bodyOf = (
  action: TActionName,
  fields: TFields,
  groupIds: string[],
): { schema: TSafeParseSchema; body: object } => {
  const numbers = splitNumbers(fields.numbers);
  switch (action) {
    case 'title':
      return { schema: ZChangeTitles, body: { groupIds, title: fields.title } };
    case 'description':
      return { schema: ZChangeDescriptions, body: { groupIds, description: fields.description } };
    case 'adminsOnly':
      return { schema: ZSetAdminsOnly, body: { groupIds, adminsOnly: fields.adminsOnly } };
    case 'picture':
      return fields.pictureFrom === 'url'
        ? { schema: ZChangePicturesUrl, body: { groupIds, url: fields.pictureUrl.trim() } }
        : { schema: ZPictureGroups, body: { groupIds } };
    case 'create':
      return { schema: ZCreateGroups, body: { groups: [{ subject: fields.subject, participants: numbers }] } };
    default:
      return { schema: ZGroupParticipantsChange, body: { groupIds, numbers } };
  }
};

/** Where each error of the contract's check shows. */
const fieldOf = (path: string): keyof TFields | 'groupIds' => {
  if (path.startsWith('groups.0.subject')) return 'subject';
  if (path.startsWith('groups.0.participants') || path.startsWith('numbers')) return 'numbers';
  if (path.startsWith('groupIds')) return 'groupIds';
  if (path === 'url') return 'pictureUrl';
  return path.split('.')[0] as keyof TFields;
};

/** The per-group outcome of the last action: ok, or the catalogue's text of WhatsApp's refusal. */
export const GroupResultsTable = ({ results, groups }: { results: TGroupActionResult[]; groups: TGroupInfo[] }) => {
  const { t } = useTranslation();
  const nameOf = (result: TGroupActionResult) =>
    result.subject ?? groups.find((group) => group.groupId === result.groupId)?.subject ?? result.groupId;
  return (
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
          {results.map((result) => (
            <Table.Tr key={`${result.groupId}-${nameOf(result)}`} data-testid="group-result-row">
              <Table.Td>{nameOf(result)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={result.ok ? 'positive' : 'negative'}>
                  {t(result.ok ? 'groupTools.actions.ok' : 'groupTools.actions.failed')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {result.error && <Text size="sm">{translateErrorCode(result.error)}</Text>}
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
  );
};

/**
 * "Ações de grupo": change the title or description of the chosen groups, admins-only on or off, add, remove,
 * promote or demote numbers, or create a group; then one result per group. Groups where our number is not
 * admin cannot be chosen (WhatsApp refuses these actions there).
 */
export const GroupActionsPanel = () => {
  const { t } = useTranslation();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [groups, setGroups] = useState<TGroupInfo[]>([]);
  const [action, setAction] = useState<TActionName>('title');
  const [fields, setFields] = useState<TFields>({
    title: '',
    description: '',
    adminsOnly: true,
    numbers: '',
    subject: '',
    pictureFrom: 'url',
    pictureUrl: '',
    pictureFile: null,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof TFields | 'groupIds' | 'connectionId', string>>>({});
  const [results, setResults] = useState<TGroupActionResult[] | null>(null);
  const run = useGroupAction(connectionId ? Number(connectionId) : null);
  const set = <K extends keyof TFields>(key: K, value: TFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = () => {
    if (!connectionId) return setErrors({ connectionId: t('validation.required') });
    const { schema, body } = bodyOf(action, fields, groupIds);
    const found = zodResolver(schema)({ connectionId: Number(connectionId), ...body });
    const next: typeof errors = {};
    for (const [path, message] of Object.entries(found)) next[fieldOf(path)] ??= String(message);
    const byFile = action === 'picture' && fields.pictureFrom === 'file';
    if (byFile && !fields.pictureFile) next.pictureFile = t('groupTools.actions.pictureRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setResults(null);
    run.mutate(
      { path: byFile ? '/changePicturesFile' : paths[action], body: byFile ? pictureForm(groupIds, fields) : body },
      { onSuccess: (answer) => setResults(answer), onError: (error) => showApiError(error) },
    );
  };

  return (
    <Stack data-testid="group-actions">
      <Text size="sm" c="dimmed">
        {t('groupTools.actions.hint')}
      </Text>
      <Select
        label={t('groupTools.actions.action')}
        data={actions.map((value) => ({ value, label: t(`groupTools.actions.kinds.${value}`) }))}
        value={action}
        onChange={(value) => {
          if (value) setAction(value as TActionName);
          setErrors({});
          setResults(null);
        }}
        allowDeselect={false}
        data-testid="group-action"
      />
      {action === 'create' ? (
        <GroupPicker
          connectionId={connectionId}
          onConnectionChange={setConnectionId}
          value={[]}
          onChange={() => undefined}
          connectionError={errors.connectionId}
          hideGroups
        />
      ) : (
        <GroupPicker
          connectionId={connectionId}
          onConnectionChange={(value) => {
            setConnectionId(value);
            setErrors({});
          }}
          value={groupIds}
          onChange={(ids, chosen) => {
            setGroupIds(ids);
            setGroups(chosen);
            setErrors((current) => ({ ...current, groupIds: undefined }));
          }}
          multiple
          needsAdmin
          error={errors.groupIds}
          connectionError={errors.connectionId}
        />
      )}
      {action === 'title' && (
        <TextInput
          label={t('groupTools.actions.title')}
          maxLength={100}
          withAsterisk
          value={fields.title}
          error={errors.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          data-testid="group-action-title"
        />
      )}
      {action === 'description' && (
        <Textarea
          label={t('groupTools.actions.description')}
          autosize
          minRows={3}
          maxLength={2048}
          value={fields.description}
          error={errors.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          data-testid="group-action-description"
        />
      )}
      {action === 'adminsOnly' && (
        <Switch
          label={t('groupTools.actions.adminsOnly')}
          checked={fields.adminsOnly}
          onChange={(event) => set('adminsOnly', event.currentTarget.checked)}
          data-testid="group-action-admins-only"
        />
      )}
      {action === 'picture' && (
        <PictureFields fields={fields} errors={errors} set={(key, value) => set(key, value as TFields[typeof key])} />
      )}
      {action === 'create' && (
        <TextInput
          label={t('groupTools.actions.subject')}
          maxLength={100}
          withAsterisk
          value={fields.subject}
          error={errors.subject}
          onChange={(event) => set('subject', event.currentTarget.value)}
          data-testid="group-action-subject"
        />
      )}
      {(numberActions.includes(action) || action === 'create') && (
        <Textarea
          label={t('groupTools.actions.numbers')}
          description={t('groupTools.actions.numbersHint')}
          autosize
          minRows={3}
          withAsterisk
          value={fields.numbers}
          error={errors.numbers}
          onChange={(event) => set('numbers', event.currentTarget.value)}
          data-testid="group-action-numbers"
        />
      )}
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={run.isPending}
          onClick={submit}
          data-testid="group-action-run"
        >
          {t('groupTools.actions.run')}
        </Button>
      </Group>
      {results && <GroupResultsTable results={results} groups={groups} />}
    </Stack>
  );
};
