import { Switch, Textarea } from '@mantine/core';
import { type TFarewellMessage, ZFarewellMessageBody } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal, useCrudForm } from '../../../ui/crud-form-modal';
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
  const { form, submit } = useCrudForm<TValues, TFarewellMessage>({
    opened,
    item,
    initialValues: { message: '', shared: false },
    validate: zodResolver<TValues>(ZFarewellMessageBody),
    valuesOf: (current) => ({ message: current?.message ?? '', shared: current?.shared ?? false }),
    // An agent never sends `shared`: the server would refuse it, and their messages are always their own.
    save: (values) =>
      save.mutateAsync({
        id: item?.id ?? null,
        body: canShare ? { message: values.message.trim(), shared: values.shared } : { message: values.message.trim() },
      }),
    successText: t(item ? 'farewellMessages.updated' : 'farewellMessages.created'),
    onClose,
  });

  return (
    <CrudFormModal
      opened={opened}
      onClose={onClose}
      title={t(item ? 'farewellMessages.editTitle' : 'farewellMessages.createTitle')}
      size="lg"
      onSubmit={submit}
      saving={save.isPending}
      data-testid="farewell-form"
      saveTestId="farewell-save"
    >
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
    </CrudFormModal>
  );
};
