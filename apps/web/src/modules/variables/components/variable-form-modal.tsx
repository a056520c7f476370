import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TTenantVariable, ZTenantVariableBody } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useSaveVariable } from '../api/variables-api';

type TValues = { name: string; value: string };

type TVariableFormModalProps = { opened: boolean; item: TTenantVariable | null; onClose: () => void };

export const VariableFormModal = ({ opened, item, onClose }: TVariableFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveVariable();
  const form = useForm<TValues>({
    initialValues: { name: '', value: '' },
    validate: zodResolver<TValues>(ZTenantVariableBody),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for an item
  useEffect(() => {
    if (!opened) return;
    const values = { name: item?.name ?? '', value: item?.value ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, item]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id ?? null, body: { name: values.name.trim(), value: values.value } });
      notifySuccess(t(item ? 'variables.updated' : 'variables.created'));
      onClose();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t(item ? 'variables.editTitle' : 'variables.createTitle')}>
      <form onSubmit={submit} noValidate data-testid="variable-form">
        <Stack>
          <TextInput
            data-autofocus
            label={t('variables.name')}
            description={t('variables.nameHint')}
            withAsterisk
            maxLength={40}
            data-testid="variable-name"
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('variables.value')}
            autosize
            minRows={2}
            maxLength={2000}
            data-testid="variable-value"
            {...form.getInputProps('value')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="variable-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
