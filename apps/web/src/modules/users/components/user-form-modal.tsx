import {
  Button,
  Collapse,
  Divider,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TUser } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { MenuVisibilityEditor } from '../../../ui/menu-visibility-editor';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useQueues } from '../../queues/api/queues-api';
import { type TUserScope, useSaveUser } from '../api/users-api';
import { BusinessHoursEditor } from './business-hours-editor';
import { TenantSelect } from './tenant-select';
import {
  emptyUserForm,
  formToBody,
  type TUserFormValues,
  tenantProfiles,
  userSchema,
  userToForm,
} from './user-form-values';

type TUserFormModalProps = {
  opened: boolean;
  scope: TUserScope;
  /** The user being edited; null creates one. */
  user: TUser | null;
  /** Tenant preselected when creating from a filtered superadmin list. */
  defaultTenantId?: number | null;
  onClose: () => void;
};

export const UserFormModal = ({ opened, scope, user, defaultTenantId, onClose }: TUserFormModalProps) => {
  const { t } = useTranslation();
  const isEdit = user !== null;
  const save = useSaveUser(scope);
  const queues = useQueues(opened && scope === 'tenant');
  const form = useForm<TUserFormValues>({
    initialValues: emptyUserForm(),
    validate: zodResolver<TUserFormValues>(userSchema(isEdit, scope), (values) => formToBody(values, isEdit, scope)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for a user
  useEffect(() => {
    if (!opened) return;
    const values = user ? userToForm(user) : emptyUserForm();
    if (!user && defaultTenantId) values.tenantId = String(defaultTenantId);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, user]);

  const submit = form.onSubmit(async (values) => {
    const { tenantId, ...body } = formToBody(values, isEdit, scope);
    try {
      await save.mutateAsync({ id: user?.id, body, tenantId });
      notifySuccess(t(isEdit ? 'users.updated' : 'users.created'));
      onClose();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t(isEdit ? 'users.editTitle' : 'users.createTitle')} size="xl">
      <form onSubmit={submit} noValidate data-testid="user-form">
        <Stack gap="md">
          {scope === 'platform' && (
            <TenantSelect
              label={t('fields.tenant')}
              value={form.values.tenantId}
              onChange={(value) => form.setFieldValue('tenantId', value)}
              error={form.errors.tenantId}
              disabled={isEdit}
              withAsterisk
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              data-autofocus
              label={t('fields.name')}
              withAsterisk
              data-testid="user-name"
              {...form.getInputProps('name')}
            />
            <TextInput
              type="email"
              label={t('fields.email')}
              withAsterisk
              autoComplete="off"
              data-testid="user-email"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('fields.password')}
              description={isEdit ? t('users.passwordKeep') : t('auth.passwordHint')}
              withAsterisk={!isEdit}
              autoComplete="new-password"
              data-testid="user-password"
              {...form.getInputProps('password')}
            />
            <Select
              label={t('fields.profile')}
              withAsterisk
              allowDeselect={false}
              data={tenantProfiles.map((profile) => ({ value: profile, label: t(`profiles.${profile}`) }))}
              data-testid="user-profile"
              {...form.getInputProps('profile')}
            />
          </SimpleGrid>
          {scope === 'tenant' && (
            <MultiSelect
              label={t('fields.queues')}
              placeholder={queues.isLoading ? t('common.loading') : t('users.queuesPlaceholder')}
              data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
              searchable
              clearable
              nothingFoundMessage={t('common.nothingFound')}
              data-testid="user-queues"
              {...form.getInputProps('queues')}
            />
          )}
          <Switch
            label={t('fields.blockWavoip')}
            description={t('users.blockWavoipHint')}
            data-testid="user-block-wavoip"
            {...form.getInputProps('blockWavoip', { type: 'checkbox' })}
          />
          <Divider />
          <MenuVisibilityEditor
            label={t('fields.menuPermissions')}
            description={t('users.menuPermissionsHint')}
            value={form.values.menuPermissions}
            onChange={(value) => form.setFieldValue('menuPermissions', value)}
          />
          <Divider />
          <Switch
            label={t('users.restrictHours')}
            description={t('users.restrictHoursHint')}
            data-testid="user-restrict-hours"
            {...form.getInputProps('restrictHours', { type: 'checkbox' })}
          />
          <Collapse expanded={form.values.restrictHours}>
            <BusinessHoursEditor form={form} />
          </Collapse>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="user-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
