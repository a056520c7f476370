import { Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateGroupsFields } from './create-groups-fields';
import { type TActionErrors, type TActionFields, type TActionName, takesNumbers } from './group-action-body';
import { PictureFields } from './group-picture-fields';
import { NumbersField } from './numbers-field';

type TActionFieldsProps = {
  action: TActionName;
  fields: TActionFields;
  errors: TActionErrors;
  set: <K extends keyof TActionFields>(key: K, value: TActionFields[K]) => void;
};

/** The chosen action's own fields: a title, a description, the switch, the picture, new groups' names, numbers. */
export const GroupActionFields = ({ action, fields, errors, set }: TActionFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
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
        <PictureFields
          fields={fields}
          errors={errors}
          set={(key, value) => set(key, value as TActionFields[typeof key])}
        />
      )}
      {action === 'create' && (
        <CreateGroupsFields
          fields={fields}
          errors={errors}
          set={(key, value) => set(key, value as TActionFields[typeof key])}
        />
      )}
      {takesNumbers(action) && (
        <NumbersField
          value={fields.numbers}
          error={errors.numbers}
          onChange={(value) => set('numbers', value)}
          label={action === 'create' ? t('groupTools.actions.create.members') : undefined}
          description={action === 'create' ? t('groupTools.actions.create.membersHint') : undefined}
        />
      )}
    </>
  );
};
