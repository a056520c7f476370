import { InputBase, type InputBaseProps } from '@mantine/core';
import type { FocusEventHandler, KeyboardEventHandler } from 'react';
import { IMaskInput } from 'react-imask';

/**
 * Brazilian formats as people write them. A phone: landline (11) 3456-7890 or mobile (11) 98765-4321, or an
 * international number typed with '+'. CPF 000.000.000-00, CNPJ 00.000.000/0000-00, CEP 00000-000.
 */
export const masks = {
  phone: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }, { mask: /^\+\d{0,15}$/ }],
  /** With the country code, as WhatsApp's pairing asks: +55 (11) 98765-4321; other countries as digits. */
  internationalPhone: [{ mask: '+00 (00) 0000-0000' }, { mask: '+00 (00) 00000-0000' }, { mask: /^\+?\d{0,15}$/ }],
  cpf: [{ mask: '000.000.000-00' }],
  cpfCnpj: [{ mask: '000.000.000-00' }, { mask: '00.000.000/0000-00' }],
  cep: [{ mask: '00000-000' }],
};
export type TMaskKind = keyof typeof masks;

type TMaskedInputProps = InputBaseProps & {
  kind: TMaskKind;
  value?: string | null;
  /** Receives the value as shown (with the mask's punctuation); the server reads it as typed. */
  onChange?: (value: string) => void;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  'data-autofocus'?: boolean;
  placeholder?: string;
  autoComplete?: string;
  'data-testid'?: string;
};

/** A Mantine text field with one of the masks above; takes a form's `getInputProps` as they are. */
export const MaskedInput = ({ kind, value, onChange, ...props }: TMaskedInputProps) => (
  <InputBase
    {...props}
    component={IMaskInput}
    mask={masks[kind]}
    value={value ?? ''}
    onAccept={(accepted: string) => onChange?.(accepted)}
    inputMode={kind === 'phone' || kind === 'internationalPhone' ? 'tel' : 'numeric'}
  />
);
