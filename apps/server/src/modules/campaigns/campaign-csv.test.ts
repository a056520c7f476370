import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { decodeCsv, parseCampaignCsv, variableNameOf } from './campaign-csv.js';

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'no error';
};

describe('a campaign CSV', () => {
  it('reads the number, the name and every other column as a variable of its row', () => {
    const { rows, errors } = parseCampaignCsv(
      '\uFEFFTelefone;Nome;Cidade Natal;Endereço\n11 98765-4321;Ana;Recife;Rua A\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        number: '11 98765-4321',
        name: 'Ana',
        variables: { Nome: 'Ana', Cidade_Natal: 'Recife', Endereco: 'Rua A' },
      },
    ]);
  });

  it('reports a row without a number by its line and keeps the others', () => {
    const { rows, errors } = parseCampaignCsv('numero,nome\n,Bia\n\n11987654321,\n');
    expect(errors).toEqual([{ row: 2, field: 'number', message: 'número em branco' }]);
    expect(rows).toEqual([{ line: 4, number: '11987654321', name: null, variables: {} }]);
  });

  it('is no campaign CSV without a header naming the number column', () => {
    expect(codeOf(() => parseCampaignCsv('nome;cidade\nAna;Recife\n'))).toBe('ERR_CAMPAIGN_CSV');
    expect(codeOf(() => parseCampaignCsv('11987654321;Ana\n'))).toBe('ERR_CAMPAIGN_CSV');
    expect(codeOf(() => parseCampaignCsv(''))).toBe('ERR_CAMPAIGN_CSV');
  });

  it('reads UTF-8 and Windows-1252, and refuses binary', () => {
    expect(decodeCsv(Buffer.from('nome\nJosé', 'utf8'))).toBe('nome\nJosé');
    expect(decodeCsv(Buffer.from('nome\nJosé', 'latin1'))).toBe('nome\nJosé');
    expect(codeOf(() => decodeCsv(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00])))).toBe('ERR_CAMPAIGN_CSV');
    expect(codeOf(() => decodeCsv(Buffer.alloc(0)))).toBe('ERR_CAMPAIGN_CSV');
  });

  it('names variables as {{placeholders}} can spell them', () => {
    expect(variableNameOf(' Plano Atual ')).toBe('Plano_Atual');
    expect(variableNameOf('Código do pedido')).toBe('Codigo_do_pedido');
  });
});
