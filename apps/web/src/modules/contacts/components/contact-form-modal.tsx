import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TContact } from '@prosa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorBody, getErrorCode } from '../../../app/http/errors';
import { notifySuccess } from '../../../app/notify';
import { MaskedInput } from '../../../ui/masked-input';
import { showApiError } from '../../../ui/server-errors';
import { useSaveContact, useTagOptions, useWalletUserOptions } from '../api/contacts-api';
import {
  contactToForm,
  emptyContactForm,
  formToBody,
  phoneErrorText,
  type TContactFormValues,
  validateContactForm,
} from './contact-form-values';

type TContactFormModalProps = {
  opened: boolean;
  /** The contact being edited; null creates one. */
  contact: TContact | null;
  onClose: () => void;
};

export const ContactFormModal = ({ opened, contact, onClose }: TContactFormModalProps) => {
  const { t } = useTranslation();
  const isEdit = contact !== null;
  const save = useSaveContact();
  const tags = useTagOptions();
  const users = useWalletUserOptions(opened);
  const form = useForm<TContactFormValues>({ initialValues: emptyContactForm(), validate: validateContactForm });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens for a contact
  useEffect(() => {
    if (!opened) return;
    const values = contact ? contactToForm(contact) : emptyContactForm();
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, contact]);

  const tagData = useMemo(() => {
    const known = new Map((tags.data ?? []).map((tag) => [tag.id, tag.tag]));
    for (const tag of contact?.tags ?? []) if (!known.has(tag.id)) known.set(tag.id, tag.tag);
    return [...known].map(([id, label]) => ({ value: String(id), label }));
  }, [tags.data, contact]);
  const walletData = useMemo(() => {
    const known = new Map((users.data ?? []).map((user) => [user.id, user.name]));
    for (const wallet of contact?.wallets ?? []) if (!known.has(wallet.id)) known.set(wallet.id, wallet.name);
    return [...known].map(([id, label]) => ({ value: String(id), label }));
  }, [users.data, contact]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: contact?.id, body: formToBody(values) });
      notifySuccess(t(isEdit ? 'contacts.updated' : 'contacts.created'));
      onClose();
    } catch (error) {
      // An invalid number comes back with libphonenumber's code: show it in Portuguese next to the field.
      const body = getErrorBody(error) as { field?: string; detail?: string; data?: { detail?: string } } | null;
      if (getErrorCode(error) === 'ERR_VALIDATION' && body?.field === 'number') {
        form.setFieldError('number', phoneErrorText(body.detail ?? body.data?.detail));
        return;
      }
      showApiError(error, form);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(isEdit ? 'contacts.editTitle' : 'contacts.createTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate data-testid="contact-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('contacts.fields.name')} required data-autofocus {...form.getInputProps('name')} />
            <MaskedInput
              kind="phone"
              label={t('contacts.fields.number')}
              description={t('contacts.form.numberHint')}
              data-testid="contact-number"
              {...form.getInputProps('number')}
            />
            <TextInput label={t('contacts.fields.email')} type="email" {...form.getInputProps('email')} />
            <MaskedInput
              kind="cpf"
              label={t('contacts.fields.cpf')}
              data-testid="contact-cpf"
              {...form.getInputProps('cpf')}
            />
            <TextInput
              label={t('contacts.fields.birthday')}
              placeholder={t('contacts.form.birthdayPlaceholder')}
              {...form.getInputProps('birthday')}
            />
            <TextInput label={t('contacts.fields.businessName')} {...form.getInputProps('businessName')} />
            <TextInput label={t('contacts.fields.firstName')} {...form.getInputProps('firstName')} />
            <TextInput label={t('contacts.fields.lastName')} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <MultiSelect
            label={t('contacts.fields.tags')}
            data={tagData}
            searchable
            clearable
            nothingFoundMessage={t('contacts.form.noTags')}
            {...form.getInputProps('tags')}
          />
          <MultiSelect
            label={t('contacts.fields.wallets')}
            description={t('contacts.form.walletsHint')}
            data={walletData}
            searchable
            clearable
            nothingFoundMessage={t('contacts.form.noUsers')}
            {...form.getInputProps('wallets')}
          />
          <Divider label={t('contacts.fields.extraInfo')} labelPosition="left" />
          {form.values.extraInfo.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('contacts.form.noExtraInfo')}
            </Text>
          )}
          {form.values.extraInfo.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own yet
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                placeholder={t('contacts.form.extraName')}
                aria-label={t('contacts.form.extraName')}
                style={{ flex: 1 }}
                {...form.getInputProps(`extraInfo.${index}.name`)}
              />
              <TextInput
                placeholder={t('contacts.form.extraValue')}
                aria-label={t('contacts.form.extraValue')}
                style={{ flex: 2 }}
                {...form.getInputProps(`extraInfo.${index}.value`)}
              />
              <Tooltip label={t('contacts.form.removeExtra')}>
                <ActionIcon
                  variant="subtle"
                  color="negative"
                  size="lg"
                  aria-label={t('contacts.form.removeExtra')}
                  onClick={() => form.removeListItem('extraInfo', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('extraInfo', { name: '', value: '' })}
            >
              {t('contacts.form.addExtra')}
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="contact-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
