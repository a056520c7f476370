import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type FormValidateInput, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../app/notify';
import { showApiError } from './server-errors';

/**
 * Fills `form` with `values()` each time the dialog opens (for a new item or another one) and forgets the last
 * errors, so a dialog never shows what was typed the previous time.
 */
export const useFormOnOpen = <TValues extends Record<string, unknown>>(
  form: UseFormReturnType<TValues>,
  opened: boolean,
  item: unknown,
  values: () => TValues,
) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the dialog opens for an item
  useEffect(() => {
    if (!opened) return;
    const initial = values();
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
  }, [opened, item]);
};

/**
 * Runs a save; on success tells the user and closes, on failure puts the server's error under the field it names
 * (or in a notice).
 */
export const saveAndClose = async (
  save: () => Promise<unknown>,
  {
    successText,
    onClose,
    form,
  }: { successText: string; onClose: () => void; form?: Parameters<typeof showApiError>[1] },
) => {
  try {
    await save();
    notifySuccess(successText);
    onClose();
  } catch (error) {
    showApiError(error, form);
  }
};

type TCrudFormOptions<TValues extends Record<string, unknown>, TItem> = {
  opened: boolean;
  /** The item being edited; null creates one. */
  item: TItem | null;
  initialValues: TValues;
  validate: FormValidateInput<TValues>;
  /** The form's values when the dialog opens for `item`. */
  valuesOf: (item: TItem | null) => TValues;
  save: (values: TValues) => Promise<unknown>;
  successText: string;
  onClose: () => void;
};

/** A create / edit dialog's form: filled on open, validated, saved, then closed with a notice. */
export const useCrudForm = <TValues extends Record<string, unknown>, TItem>({
  opened,
  item,
  initialValues,
  validate,
  valuesOf,
  save,
  successText,
  onClose,
}: TCrudFormOptions<TValues, TItem>) => {
  const form = useForm<TValues>({ initialValues, validate });
  useFormOnOpen(form, opened, item, () => valuesOf(item));
  const submit = form.onSubmit((values) => saveAndClose(() => save(values), { successText, onClose, form }));
  return { form, submit };
};

type TCrudFormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  'data-testid'?: string;
  saveTestId?: string;
  cancelLabel?: string;
  saveLabel?: string;
  children: ReactNode;
};

/** The dialog of a small create / edit form: its fields, then Cancel and Save. */
export const CrudFormModal = ({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  saving,
  'data-testid': testId,
  saveTestId,
  cancelLabel,
  saveLabel,
  children,
}: TCrudFormModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid={saveTestId}>
              {saveLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
