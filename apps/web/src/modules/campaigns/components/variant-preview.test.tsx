import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../test-fixtures';
import { MessageVariantsField } from './message-variants-field';

const Field = ({ columns }: { columns: string[] }) => {
  const [values, setValues] = useState(['']);
  return <MessageVariantsField values={values} onChange={setValues} columns={columns} />;
};

describe('the campaign message preview', () => {
  afterEach(cleanup);

  it('shows each variant filled for a sample contact once it has a variable, CSV columns by name', async () => {
    renderAt(<Field columns={['cidade']} />, '/campanhas');
    const box = await screen.findByTestId('campaign-variant');
    fireEvent.change(box, { target: { value: 'Promoção de hoje' } });
    expect(screen.queryByTestId('campaign-variant-preview')).toBeNull();
    fireEvent.change(box, { target: { value: 'Olá {{firstName}} ({{name}}), ofertas em {{cidade}}!' } });
    expect(screen.getByTestId('campaign-variant-preview').textContent).toBe(
      'Prévia para Maria Silva: Olá Maria (Maria Silva), ofertas em [cidade]!',
    );
  });
});
