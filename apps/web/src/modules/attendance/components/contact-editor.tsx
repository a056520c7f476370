import { ActionIcon, Button, Group, MultiSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TContact, ZUpdateContactBody } from '@prosa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useTagOptions } from '../../contacts/api/contacts-api';
import { type TContactEdit, useUpdateContact } from '../api/contact-api';

type TEditValues = {
  name: string;
  email: string;
  tags: string[];
  extraInfo: { name: string; value: string }[];
  notes: string;
};

const toValues = (contact: TContact): TEditValues => ({
  name: contact.name,
  email: contact.email ?? '',
  tags: contact.tags.map((tag) => String(tag.id)),
  extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
  notes: contact.notes ?? '',
});

/** Blank texts mean "no value"; blank custom-field rows are dropped. */
export const toContactEdit = (values: TEditValues): TContactEdit => ({
  name: values.name,
  email: values.email.trim() || null,
  tags: values.tags.map(Number),
  extraInfo: values.extraInfo.filter((row) => row.name.trim() || row.value.trim()),
  notes: values.notes.trim() || null,
});

/** The contact panel's form: name, e-mail, tags, custom fields and notes, checked with the server's schema. */
export const ContactEditor = ({ contact, onDone }: { contact: TContact; onDone: () => void }) => {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const update = useUpdateContact(contact.id);
  const form = useForm<TEditValues>({
    initialValues: toValues(contact),
    validate: zodResolver<TEditValues>(ZUpdateContactBody, toContactEdit),
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(toContactEdit(values));
      notifySuccess(t('conversation.contactEdit.saved'));
      onDone();
    } catch (error) {
      showApiError(error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-edit-form">
      <Stack gap="sm">
        <TextInput
          label={t('conversation.contactEdit.name')}
          withAsterisk
          {...form.getInputProps('name')}
          data-testid="contact-edit-name"
        />
        <TextInput
          type="email"
          label={t('conversation.contactEdit.email')}
          {...form.getInputProps('email')}
          data-testid="contact-edit-email"
        />
        <MultiSelect
          label={t('conversation.contactEdit.tags')}
          placeholder={t('conversation.contactEdit.tagsPlaceholder')}
          data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.tag }))}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('tags')}
          data-testid="contact-edit-tags"
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('conversation.contactEdit.fields')}
          </Text>
          <Stack gap={6}>
            {form.values.extraInfo.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
              <Group key={index} gap={4} wrap="nowrap" align="flex-start">
                <TextInput
                  size="xs"
                  placeholder={t('conversation.contactEdit.fieldName')}
                  aria-label={t('conversation.contactEdit.fieldName')}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`extraInfo.${index}.name`)}
                  data-testid="contact-edit-field-name"
                />
                <TextInput
                  size="xs"
                  placeholder={t('conversation.contactEdit.fieldValue')}
                  aria-label={t('conversation.contactEdit.fieldValue')}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`extraInfo.${index}.value`)}
                  data-testid="contact-edit-field-value"
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('conversation.contactEdit.removeField', { name: row.name })}
                  onClick={() => form.removeListItem('extraInfo', index)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              onClick={() => form.insertListItem('extraInfo', { name: '', value: '' })}
              style={{ alignSelf: 'flex-start' }}
              data-testid="contact-edit-add-field"
            >
              {t('conversation.contactEdit.addField')}
            </Button>
          </Stack>
        </div>
        <Textarea
          label={t('conversation.contactEdit.notes')}
          placeholder={t('conversation.contactEdit.notesPlaceholder')}
          rows={3}
          {...form.getInputProps('notes')}
          data-testid="contact-edit-notes"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={update.isPending} data-testid="contact-edit-save">
            {t('conversation.contactEdit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
