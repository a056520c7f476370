import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTheme } from '../app/theme/theme';
import { MaskedInput, type TMaskKind } from './masked-input';

afterEach(cleanup);

const Field = ({ kind }: { kind: TMaskKind }) => {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={buildTheme(defaultSystemColors)}>
      <MaskedInput kind={kind} label="campo" value={value} onChange={setValue} data-testid="field" />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
};

const type = (kind: TMaskKind, typed: string) => {
  render(<Field kind={kind} />);
  const input = screen.getByTestId('field') as HTMLInputElement;
  fireEvent.input(input, { target: { value: typed } });
  return { shown: input.value, stored: screen.getByTestId('value').textContent };
};

describe('masked inputs', () => {
  it.each([
    ['phone', '11987654321', '(11) 98765-4321'],
    ['phone', '1134567890', '(11) 3456-7890'],
    ['phone', '+351912345678', '+351912345678'],
    ['cpf', '52998224725', '529.982.247-25'],
    ['cpfCnpj', '52998224725', '529.982.247-25'],
    ['cpfCnpj', '11222333000181', '11.222.333/0001-81'],
    ['cep', '01310100', '01310-100'],
    ['internationalPhone', '5511987654321', '+55 (11) 98765-4321'],
    ['internationalPhone', '551134567890', '+55 (11) 3456-7890'],
    ['internationalPhone', '351912345678901', '351912345678901'],
  ] as const)('%s: %s is shown and kept as %s', (kind, typed, formatted) => {
    expect(type(kind, typed)).toEqual({ shown: formatted, stored: formatted });
  });

  it('refuses letters', () => {
    expect(type('cep', 'abc').shown).toBe('');
  });
});
