import { parsePhone } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { normaliseBirthday, parseContactsCsv, readImportedContact, stringifyContactsCsv } from './contacts-csv.js';

const phone = (input: string) => {
  const parsed = parsePhone(input);
  return parsed.ok ? ({ ok: true, e164: parsed.e164 } as const) : parsed;
};

describe('contacts CSV', () => {
  it('reads the positional columns without a header, with ; or , and mixed line endings', () => {
    const semicolon = parseContactsCsv('Ana;11987654321;ana@x.test\r\nBia;(21) 99876-5432\n');
    expect(semicolon.rows).toEqual([
      { line: 1, values: { name: 'Ana', number: '11987654321', email: 'ana@x.test' } },
      { line: 2, values: { name: 'Bia', number: '(21) 99876-5432' } },
    ]);
    const comma = parseContactsCsv('Ana,11987654321,,52998224725,01/02/1990,Ana,Lima,Loja\n');
    expect(comma.rows[0]?.values).toEqual({
      name: 'Ana',
      number: '11987654321',
      cpf: '52998224725',
      birthday: '01/02/1990',
      firstName: 'Ana',
      lastName: 'Lima',
      business: 'Loja',
    });
  });

  it('maps a header row in any order and in Portuguese, skipping a BOM and blank lines', () => {
    const { rows, problems } = parseContactsCsv(
      '\uFEFFTelefone;Nome;E-mail;Empresa\n\n11987654321;"Silva; João";j@x.test;ACME\n',
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 3, values: { number: '11987654321', name: 'Silva; João', email: 'j@x.test', business: 'ACME' } },
    ]);
  });

  it('reports a broken line and keeps the rows before it', () => {
    const { rows, problems } = parseContactsCsv('Ana;11987654321\nBia;"21998765432\n');
    expect(rows.map((r) => r.values.name)).toEqual(['Ana']);
    expect(problems).toEqual([{ row: 2, field: 'csv', error: 'CSV_QUOTE_NOT_CLOSED' }]);
  });

  it('checks each value and names the field with a code', () => {
    const good = readImportedContact(
      {
        line: 2,
        values: { number: '(11) 98765-4321', email: 'ANA@X.TEST', cpf: '529.982.247-25', birthday: '1990-02-01' },
      },
      phone,
    );
    expect(good).toEqual({
      ok: true,
      contact: {
        name: null,
        number: '+5511987654321',
        email: 'ana@x.test',
        cpf: '52998224725',
        birthday: '01/02/1990',
        firstName: null,
        lastName: null,
        businessName: null,
      },
    });
    const bad = readImportedContact(
      { line: 7, values: { name: 'X', number: '12', email: 'nope', cpf: '11111111111', birthday: '31/13' } },
      phone,
    );
    expect(bad).toEqual({
      ok: false,
      problems: [
        { row: 7, field: 'number', error: 'TOO_SHORT' },
        { row: 7, field: 'email', error: 'INVALID_EMAIL' },
        { row: 7, field: 'cpf', error: 'INVALID_CPF' },
        { row: 7, field: 'birthday', error: 'INVALID_BIRTHDAY' },
      ],
    });
    expect(readImportedContact({ line: 3, values: { name: 'Sem número' } }, phone)).toEqual({
      ok: false,
      problems: [{ row: 3, field: 'number', error: 'REQUIRED' }],
    });
  });

  it('normalises birthdays to DD/MM[/YYYY]', () => {
    expect(normaliseBirthday('1/2')).toBe('01/02');
    expect(normaliseBirthday('01-02-1990')).toBe('01/02/1990');
    expect(normaliseBirthday('1990-2-1')).toBe('01/02/1990');
    expect(normaliseBirthday('32/01')).toBeUndefined();
    expect(normaliseBirthday('amanhã')).toBeUndefined();
  });

  it('writes what it reads back, and defuses spreadsheet formulas in customer-written cells', () => {
    const contact = {
      name: '=HYPERLINK("http://x")',
      number: '+5511987654321',
      email: null,
      cpf: '52998224725',
      birthday: '01/02',
      firstName: 'Ana; "Maria"',
      lastName: '-Lima',
      businessName: null,
    };
    const csv = stringifyContactsCsv([contact]);
    expect(csv.startsWith('\uFEFFname;number;email;cpf;birthday;firstName;lastName;business\r\n')).toBe(true);
    expect(csv).toContain(`'=HYPERLINK`);
    const { rows } = parseContactsCsv(csv);
    expect(rows).toEqual([
      {
        line: 2,
        values: {
          name: contact.name,
          number: contact.number,
          cpf: contact.cpf,
          birthday: contact.birthday,
          firstName: contact.firstName,
          lastName: contact.lastName,
        },
      },
    ]);
  });
});
