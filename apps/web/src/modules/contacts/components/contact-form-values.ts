import type { FormErrors } from '@mantine/form';
import { isPhoneParseError, type TContact, ZCreateContactBody } from '@prosa/contracts';
import { i18n } from '../../../app/i18n/i18n';
import { zodResolver } from '../../../ui/zod-form';
import type { TContactBody } from '../api/contacts-api';

/** The form's values: the body, with tag and wallet user ids as strings (MultiSelect values). */
export type TContactFormValues = Omit<TContactBody, 'tags' | 'wallets'> & { tags: string[]; wallets: string[] };

export const emptyContactForm = (): TContactFormValues => ({
  name: '',
  number: '',
  email: '',
  cpf: '',
  birthday: '',
  firstName: '',
  lastName: '',
  businessName: '',
  tags: [],
  wallets: [],
  extraInfo: [],
});

export const contactToForm = (contact: TContact): TContactFormValues => ({
  name: contact.name,
  number: contact.number ?? '',
  email: contact.email ?? '',
  cpf: contact.cpf ?? '',
  birthday: contact.birthday ?? '',
  firstName: contact.firstName ?? '',
  lastName: contact.lastName ?? '',
  businessName: contact.businessName ?? '',
  tags: contact.tags.map((tag) => String(tag.id)),
  wallets: contact.wallets.map((wallet) => String(wallet.id)),
  extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
});

/** Blank custom-field rows are dropped, the rest sent as typed (the server trims). */
export const formToBody = (values: TContactFormValues): TContactBody => ({
  name: values.name,
  number: values.number,
  email: values.email,
  cpf: values.cpf,
  birthday: values.birthday,
  firstName: values.firstName,
  lastName: values.lastName,
  businessName: values.businessName,
  tags: values.tags.map(Number),
  wallets: values.wallets.map(Number),
  extraInfo: values.extraInfo.filter((row) => row.name.trim() || row.value.trim()),
});

/** The Portuguese text of a phone parsing code (§5), from the form's check or the server's `detail`. */
export const phoneErrorText = (code: string | undefined): string =>
  i18n.t(code && isPhoneParseError(code) ? `contacts.phoneErrors.${code}` : 'contacts.phoneErrors.NOT_A_NUMBER');

/**
 * The contracts' schema checks the form; its own messages for the phone (libphonenumber's code), the CPF and
 * the birthday are replaced with specific ones.
 */
export const validateContactForm = (values: TContactFormValues): FormErrors => {
  const errors = zodResolver<TContactFormValues>(ZCreateContactBody, formToBody)(values);
  const body = formToBody(values);
  if (errors.number) {
    const issue = ZCreateContactBody.shape.number.safeParse(body.number);
    errors.number = phoneErrorText(issue.success ? undefined : issue.error.issues[0]?.message);
  }
  if (errors.cpf) errors.cpf = i18n.t('contacts.form.invalidCpf');
  if (errors.birthday) errors.birthday = i18n.t('contacts.form.invalidBirthday');
  return errors;
};
