import {
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TCreateTenantBody, type TTenant, type TUpdateTenantBody, tenantStatuses } from '@prosa/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { MaskedInput } from '../../../ui/masked-input';
import { MenuVisibilityEditor } from '../../../ui/menu-visibility-editor';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useSaveTenant } from '../api/tenants-api';
import {
  emptyTenantForm,
  type TTenantFormValues,
  tenantFormToBody,
  tenantSchema,
  tenantToForm,
  timezones,
} from './tenant-form-values';

type TTenantFormModalProps = { opened: boolean; tenant: TTenant | null; onClose: () => void };

export const TenantFormModal = ({ opened, tenant, onClose }: TTenantFormModalProps) => {
  const { t } = useTranslation();
  const isEdit = tenant !== null;
  const save = useSaveTenant();
  const zones = useMemo(timezones, []);
  const form = useForm<TTenantFormValues>({
    initialValues: emptyTenantForm(),
    validate: zodResolver<TTenantFormValues>(tenantSchema(isEdit), (values) => tenantFormToBody(values, isEdit)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for a tenant
  useEffect(() => {
    if (!opened) return;
    const values = tenant ? tenantToForm(tenant) : emptyTenantForm();
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, tenant]);

  const submit = form.onSubmit(async (values) => {
    try {
      if (tenant) await save.mutateAsync({ id: tenant.id, body: tenantFormToBody(values, true) as TUpdateTenantBody });
      else await save.mutateAsync({ body: tenantFormToBody(values, false) as TCreateTenantBody });
      notifySuccess(t(isEdit ? 'tenants.updated' : 'tenants.created'));
      onClose();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t(isEdit ? 'tenants.editTitle' : 'tenants.createTitle')}>
      <form onSubmit={submit} noValidate data-testid="tenant-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              data-autofocus
              label={t('fields.companyName')}
              withAsterisk
              data-testid="tenant-name"
              {...form.getInputProps('name')}
            />
            <Select
              label={t('tenants.status')}
              allowDeselect={false}
              data={tenantStatuses.map((status) => ({ value: status, label: t(`tenants.statuses.${status}`) }))}
              data-testid="tenant-status"
              {...form.getInputProps('status')}
            />
            <TextInput type="email" label={t('tenants.contactEmail')} {...form.getInputProps('email')} />
            <MaskedInput
              kind="cpfCnpj"
              label={t('tenants.identity')}
              description={t('tenants.identityHint')}
              data-testid="tenant-identity"
              {...form.getInputProps('identity')}
            />
            <NumberInput
              label={t('tenants.maxUsers')}
              min={1}
              allowDecimal={false}
              withAsterisk
              {...form.getInputProps('maxUsers')}
            />
            <NumberInput
              label={t('tenants.maxConnections')}
              min={0}
              allowDecimal={false}
              withAsterisk
              {...form.getInputProps('maxConnections')}
            />
            <TextInput
              type="date"
              label={t('tenants.trialEndsAt')}
              description={t('tenants.trialEndsAtHint')}
              data-testid="tenant-trial-end"
              {...form.getInputProps('trialEndsAt')}
            />
            <Select
              label={t('tenants.timezone')}
              searchable
              allowDeselect={false}
              data={zones}
              limit={100}
              nothingFoundMessage={t('common.nothingFound')}
              {...form.getInputProps('timezone')}
            />
          </SimpleGrid>
          <Switch
            label={t('tenants.allowUserCreation')}
            description={t('tenants.allowUserCreationHint')}
            {...form.getInputProps('allowUserCreation', { type: 'checkbox' })}
          />
          <Divider />
          <MenuVisibilityEditor
            label={t('tenants.menuVisibility')}
            description={t('tenants.menuVisibilityHint')}
            value={form.values.menuVisibility}
            onChange={(value) => form.setFieldValue('menuVisibility', value)}
          />
          {!isEdit && (
            <>
              <Divider />
              <div>
                <Text fw={600}>{t('tenants.firstAdmin')}</Text>
                <Text size="xs" c="dimmed">
                  {t('tenants.firstAdminHint')}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('fields.name')}
                  withAsterisk
                  data-testid="tenant-admin-name"
                  {...form.getInputProps('admin.name')}
                />
                <TextInput
                  type="email"
                  label={t('fields.email')}
                  withAsterisk
                  autoComplete="off"
                  data-testid="tenant-admin-email"
                  {...form.getInputProps('admin.email')}
                />
                <PasswordInput
                  label={t('fields.password')}
                  withAsterisk
                  autoComplete="new-password"
                  data-testid="tenant-admin-password"
                  {...form.getInputProps('admin.password')}
                />
              </SimpleGrid>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="tenant-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
