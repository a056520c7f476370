import { Button, Group, Modal, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TFarewellMessage, ZFarewellMessageBody } from '@prosa/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useSaveFarewellMessage } from '../api/farewell-messages-api';

type TValues = { message: string; shared: boolean };

type TFarewellMessageFormModalProps = {
  opened: boolean;
  /** The message being edited; null creates one. */
  item: TFarewellMessage | null;
  /** Managers may share a message with the whole tenant. */
  canShare: boolean;
  onClose: () => void;
};

// NOTE: written out, not through t(): i18next would fill in `{{name}}` itself.
const variables = ['{{name}}', '{{greeting}}', '{{protocol}}', '{{user}}'].join(', ');

export const FarewellMessageFormModal = ({ opened, item, canShare, onClose }: TFarewellMessageFormModalProps) => {
  const { t } = useTranslation();
  const save = useSaveFarewellMessage();
  const form = useForm<TValues>({
    initialValues: { message: '', shared: false },
    validate: zodResolver<TValues>(ZFarewellMessageBody),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for an item
  useEffect(() => {
    if (!opened) return;
    const values = { message: item?.message ?? '', shared: item?.shared ?? false };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, item]);

  const submit = form.onSubmit(async (values) => {
    // An agent never sends `shared`: the server would refuse it, and their messages are always their own.
    const body = canShare
      ? { message: values.message.trim(), shared: values.shared }
      : { message: values.message.trim() };
    try {
      await save.mutateAsync({ id: item?.id ?? null, body });
      notifySuccess(t(item ? 'farewellMessages.updated' : 'farewellMessages.created'));
      onClose();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(item ? 'farewellMessages.editTitle' : 'farewellMessages.createTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate data-testid="farewell-form">
        <Stack>
          <Textarea
            data-autofocus
            label={t('farewellMessages.message')}
            description={t('farewellMessages.messageHint', { vars: variables, interpolation: { escapeValue: false } })}
            withAsterisk
            autosize
            minRows={4}
            maxLength={4096}
            data-testid="farewell-message"
            {...form.getInputProps('message')}
          />
          {canShare && (
            <Switch
              label={t('farewellMessages.sharedLabel')}
              description={t('farewellMessages.sharedHint')}
              data-testid="farewell-shared"
              {...form.getInputProps('shared', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="farewell-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
