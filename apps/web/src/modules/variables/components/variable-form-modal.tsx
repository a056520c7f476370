import { Textarea, TextInput } from '@mantine/core';
import { type TTenantVariable, ZTenantVariableBody } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal, useCrudForm } from '../../../ui/crud-form-modal';
import { zodResolver } from '../../../ui/zod-form';
import { useSaveVariable } from '../api/variables-api';

type TValues = { name: string; value: string };

type TVariableFormModalProps = { opened: boolean; item: TTenantVariable | null; onClose: () => void };

export const VariableFormModal = ({ opened, item, onClose }: TVariableFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveVariable();
  const { form, submit } = useCrudForm<TValues, TTenantVariable>({
    opened,
    item,
    initialValues: { name: '', value: '' },
    validate: zodResolver<TValues>(ZTenantVariableBody),
    valuesOf: (current) => ({ name: current?.name ?? '', value: current?.value ?? '' }),
    save: (values) =>
      save.mutateAsync({ id: item?.id ?? null, body: { name: values.name.trim(), value: values.value } }),
    successText: t(item ? 'variables.updated' : 'variables.created'),
    onClose,
  });

  return (
    <CrudFormModal
      opened={opened}
      onClose={onClose}
      title={t(item ? 'variables.editTitle' : 'variables.createTitle')}
      onSubmit={submit}
      saving={save.isPending}
      data-testid="variable-form"
      saveTestId="variable-save"
    >
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
    </CrudFormModal>
  );
};
