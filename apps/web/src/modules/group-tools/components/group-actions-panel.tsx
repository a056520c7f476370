import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { TGroupInfo } from '@prosa/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { type TGroupActionResult, useGroupAction } from '../api/group-tools-api';
import { titlesErrors } from './create-groups-fields';
import {
  actions,
  bodyOf,
  emptyActionFields,
  fieldOf,
  isTitlesField,
  paths,
  type TActionErrors,
  type TActionFields,
  type TActionName,
} from './group-action-body';
import { GroupActionFields } from './group-action-fields';
import { GroupPicker } from './group-picker';
import { pictureForm } from './group-picture-fields';
import { GroupResultsTable } from './group-results-table';

/**
 * "Ações de grupo": change the title, description, picture or admins-only setting of the chosen groups, add,
 * remove, promote or demote numbers (typed or from a file), or create up to 100 groups at once; then one result
 * per group. Groups where our number is not admin cannot be chosen (WhatsApp refuses these actions there).
 */
export const GroupActionsPanel = () => {
  const { t } = useTranslation();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [groups, setGroups] = useState<TGroupInfo[]>([]);
  const [action, setAction] = useState<TActionName>('title');
  const [fields, setFields] = useState<TActionFields>(emptyActionFields);
  const [errors, setErrors] = useState<TActionErrors>({});
  const [results, setResults] = useState<TGroupActionResult[] | null>(null);
  const run = useGroupAction(connectionId ? Number(connectionId) : null);
  const changeConnection = (value: string | null) => {
    setConnectionId(value);
    setErrors({});
  };
  const set = <K extends keyof TActionFields>(key: K, value: TActionFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = () => {
    if (!connectionId) return setErrors({ connectionId: t('validation.required') });
    const { schema, body } = bodyOf(action, fields, groupIds);
    // The titles are checked first, in words that name the title or the limit; the contract's check adds the rest.
    const titles = action === 'create' ? titlesErrors(fields, t) : {};
    const next: TActionErrors = { ...titles };
    const found = zodResolver(schema)({ connectionId: Number(connectionId), ...body });
    for (const [path, message] of Object.entries(found)) {
      const field = fieldOf(path, fields);
      if (!(isTitlesField(field) && Object.keys(titles).length > 0)) next[field] ??= String(message);
    }
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
          onConnectionChange={changeConnection}
          value={[]}
          onChange={() => undefined}
          connectionError={errors.connectionId}
          hideGroups
        />
      ) : (
        <GroupPicker
          connectionId={connectionId}
          onConnectionChange={changeConnection}
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
      <GroupActionFields key={action} action={action} fields={fields} errors={errors} set={set} />
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={run.isPending}
          onClick={submit}
          data-testid="group-action-run"
        >
          {t(action === 'create' ? 'groupTools.actions.create.run' : 'groupTools.actions.run')}
        </Button>
      </Group>
      {results && connectionId && (
        <GroupResultsTable results={results} groups={groups} connectionId={Number(connectionId)} />
      )}
    </Stack>
  );
};
