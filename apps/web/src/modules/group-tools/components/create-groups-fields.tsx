import { Group, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  groupTitles,
  MAX_GROUPS_AT_ONCE,
  MAX_TITLE,
  type TTitlesFields,
  titlesPreview,
  titlesProblem,
} from '../group-titles';

type TTitlesErrors = Partial<Record<keyof TTitlesFields, string>>;

/** What keeps the titles from being sent, in words, on the field that holds it (none: nothing wrong). */
export const titlesErrors = (fields: TTitlesFields, t: TFunction): TTitlesErrors => {
  const found = titlesProblem(groupTitles(fields));
  const list = fields.titlesMode === 'list';
  switch (found?.problem) {
    case undefined:
      return {};
    case 'empty':
      if (list) return { titles: t('validation.required') };
      return fields.baseTitle.trim() ? { count: t('validation.required') } : { baseTitle: t('validation.required') };
    case 'tooMany': {
      const message = t('groupTools.actions.create.tooMany', { max: MAX_GROUPS_AT_ONCE, count: found.count });
      return list ? { titles: message } : { count: message };
    }
    case 'tooLong': {
      const title = found.title.length > 40 ? `${found.title.slice(0, 40)}…` : found.title;
      const message = t('groupTools.actions.create.tooLong', { title, max: MAX_TITLE });
      return list ? { titles: message } : { baseTitle: message };
    }
  }
};

type TCreateGroupsProps = {
  fields: TTitlesFields;
  errors: TTitlesErrors;
  set: <K extends keyof TTitlesFields>(key: K, value: TTitlesFields[K]) => void;
};

/**
 * "Criar grupos": the new groups' names, a list (one a line) or a base name numbered 1..N, up to 100 at once,
 * with a preview of what will be created. Their members are the action's numbers.
 */
export const CreateGroupsFields = ({ fields, errors, set }: TCreateGroupsProps) => {
  const { t } = useTranslation();
  const titles = groupTitles(fields);
  return (
    <Stack gap="xs">
      <SegmentedControl
        data={[
          { value: 'list', label: t('groupTools.actions.create.modes.list') },
          { value: 'series', label: t('groupTools.actions.create.modes.series') },
        ]}
        value={fields.titlesMode}
        onChange={(value) => set('titlesMode', value === 'series' ? 'series' : 'list')}
        aria-label={t('groupTools.actions.create.mode')}
        data-testid="group-create-mode"
      />
      {fields.titlesMode === 'list' ? (
        <Textarea
          label={t('groupTools.actions.create.titles')}
          description={t('groupTools.actions.create.titlesHint', { max: MAX_GROUPS_AT_ONCE, length: MAX_TITLE })}
          autosize
          minRows={3}
          maxRows={10}
          withAsterisk
          value={fields.titles}
          error={errors.titles}
          onChange={(event) => set('titles', event.currentTarget.value)}
          data-testid="group-create-titles"
        />
      ) : (
        <Group align="flex-start" grow preventGrowOverflow={false}>
          <TextInput
            label={t('groupTools.actions.create.baseTitle')}
            description={t('groupTools.actions.create.baseTitleHint')}
            withAsterisk
            maxLength={MAX_TITLE}
            value={fields.baseTitle}
            error={errors.baseTitle}
            onChange={(event) => set('baseTitle', event.currentTarget.value)}
            data-testid="group-create-base"
          />
          <NumberInput
            label={t('groupTools.actions.create.count')}
            description={t('groupTools.actions.create.countHint', { max: MAX_GROUPS_AT_ONCE })}
            withAsterisk
            min={1}
            max={MAX_GROUPS_AT_ONCE}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            maw={160}
            value={fields.count}
            error={errors.count}
            onChange={(value) => set('count', typeof value === 'number' ? value : 0)}
            data-testid="group-create-count"
          />
        </Group>
      )}
      {titles.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="group-create-preview">
          {t('groupTools.actions.create.preview', { count: titles.length, titles: titlesPreview(titles) })}
        </Text>
      )}
    </Stack>
  );
};
