import { Switch, TextInput } from '@mantine/core';
import type { TAutoReply } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal, useCrudForm } from '../../../ui/crud-form-modal';
import { useSaveAutoReply } from '../api/auto-replies-api';

type TValues = { name: string; isActive: boolean; celularTeste: string };

type TAutoReplyFormModalProps = {
  opened: boolean;
  /** The reply being edited; null creates one. */
  item: TAutoReply | null;
  onClose: () => void;
};

/** Name, on/off and the optional test number of an auto-reply; its steps are edited in AutoReplyStepsModal. */
export const AutoReplyFormModal = ({ opened, item, onClose }: TAutoReplyFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveAutoReply();
  const { form, submit } = useCrudForm<TValues, TAutoReply>({
    opened,
    item,
    initialValues: { name: '', isActive: true, celularTeste: '' },
    validate: { name: (value) => (value.trim() ? null : t('validation.required')) },
    valuesOf: (current) => ({
      name: current?.name ?? '',
      isActive: current?.isActive ?? true,
      celularTeste: current?.celularTeste ?? '',
    }),
    save: (values) =>
      save.mutateAsync({
        id: item?.id ?? null,
        body: { name: values.name.trim(), isActive: values.isActive, celularTeste: values.celularTeste.trim() || null },
      }),
    successText: t(item ? 'autoReplies.updated' : 'autoReplies.created'),
    onClose,
  });

  return (
    <CrudFormModal
      opened={opened}
      onClose={onClose}
      title={t(item ? 'autoReplies.editTitle' : 'autoReplies.createTitle')}
      onSubmit={submit}
      saving={save.isPending}
      data-testid="auto-reply-form"
      saveTestId="auto-reply-save"
    >
      <TextInput
        data-autofocus
        label={t('autoReplies.name')}
        withAsterisk
        maxLength={200}
        data-testid="auto-reply-name"
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('autoReplies.testNumber')}
        description={t('autoReplies.testNumberHint')}
        maxLength={40}
        data-testid="auto-reply-test-number"
        {...form.getInputProps('celularTeste')}
      />
      <Switch
        label={t('autoReplies.active')}
        data-testid="auto-reply-active"
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </CrudFormModal>
  );
};
