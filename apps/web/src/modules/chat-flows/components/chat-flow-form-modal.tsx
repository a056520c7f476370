import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TChatFlow, ZChatFlowBody } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useUpdateChatFlow } from '../api/chat-flows-api';

type TValues = { name: string; isActive: boolean; celularTeste: string };

const toBody = (values: TValues) => ({
  name: values.name.trim(),
  isActive: values.isActive,
  celularTeste: values.celularTeste.trim() || null,
});

/** A flow's name, on/off switch and test phone (its document is edited in the builder). */
export const ChatFlowFormModal = ({ flow, onClose }: { flow: TChatFlow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateChatFlow();
  const form = useForm<TValues>({
    initialValues: { name: '', isActive: true, celularTeste: '' },
    validate: zodResolver<TValues>(ZChatFlowBody, toBody),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for a flow
  useEffect(() => {
    if (!flow) return;
    const values = { name: flow.name, isActive: flow.isActive, celularTeste: flow.celularTeste ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [flow]);

  const submit = form.onSubmit(async (values) => {
    if (!flow) return;
    try {
      await update.mutateAsync({ id: flow.id, body: toBody(values) });
      notifySuccess(t('chatFlows.updated'));
      onClose();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <Modal opened={flow !== null} onClose={onClose} title={t('chatFlows.form.editTitle')}>
      <form onSubmit={submit} noValidate data-testid="chat-flow-form">
        <Stack>
          <TextInput
            data-autofocus
            label={t('chatFlows.form.name')}
            withAsterisk
            maxLength={200}
            data-testid="chat-flow-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('chatFlows.form.testPhone')}
            description={t('chatFlows.form.testPhoneHint')}
            maxLength={40}
            inputMode="tel"
            data-testid="chat-flow-test-phone"
            {...form.getInputProps('celularTeste')}
          />
          <Switch
            label={t('chatFlows.form.isActive')}
            description={t('chatFlows.form.isActiveHint')}
            data-testid="chat-flow-active"
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="chat-flow-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
