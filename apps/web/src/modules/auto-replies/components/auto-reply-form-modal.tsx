import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TAutoReply } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
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
  const form = useForm<TValues>({
    initialValues: { name: '', isActive: true, celularTeste: '' },
    validate: { name: (value) => (value.trim() ? null : t('validation.required')) },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for an item
  useEffect(() => {
    if (!opened) return;
    const values = { name: item?.name ?? '', isActive: item?.isActive ?? true, celularTeste: item?.celularTeste ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, item]);

  const submit = form.onSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      isActive: values.isActive,
      celularTeste: values.celularTeste.trim() || null,
    };
    try {
      await save.mutateAsync({ id: item?.id ?? null, body });
      notifySuccess(t(item ? 'autoReplies.updated' : 'autoReplies.created'));
      onClose();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t(item ? 'autoReplies.editTitle' : 'autoReplies.createTitle')}>
      <form onSubmit={submit} noValidate data-testid="auto-reply-form">
        <Stack>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="auto-reply-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
