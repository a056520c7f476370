import { describe, expect, it } from 'vitest';
import { decodeNumbersFile, mergeNumbers, parseNumbersFile, splitNumbers } from './numbers-file';

describe('parseNumbersFile', () => {
  it('reads one number per line, digits only, each once, and reports the lines without a number', () => {
    const text = '+55 (11) 98765-4321\n\n5511912345678\nabc\n55 11 98765 4321\n123\r\n5521999990000\n';
    expect(parseNumbersFile(text)).toEqual({
      numbers: ['5511987654321', '5511912345678', '5521999990000'],
      duplicates: 1,
      ignored: [
        { line: 4, text: 'abc' },
        { line: 6, text: '123' },
      ],
    });
  });

  it('reads the number column of a CSV with a header (número, telefone, phone...), quotes and all', () => {
    const text = '\uFEFFnome;Número;cidade\nAna;11 98765-4321 ;SP\n"Silva; Bruno";"5511912345678";RJ\nCaio;;BH\n';
    expect(parseNumbersFile(text)).toEqual({
      numbers: ['5511987654321', '5511912345678'],
      duplicates: 0,
      ignored: [{ line: 4, text: 'Caio;;BH' }],
    });
    expect(parseNumbersFile('name,phone\nAna,5511987654321\n').numbers).toEqual(['5511987654321']);
    expect(parseNumbersFile('telefone\n5511987654321\n').numbers).toEqual(['5511987654321']);
  });

  it('without a number header takes the first cell of each line holding a number', () => {
    expect(parseNumbersFile('Ana,5511987654321\nBruno,5511912345678,Centro\nCaio,sem número\n')).toEqual({
      numbers: ['5511987654321', '5511912345678'],
      duplicates: 0,
      ignored: [{ line: 3, text: 'Caio,sem número' }],
    });
  });

  it('keeps to the contract: a phone with DDD, Brazilian unless it has a country code', () => {
    const { numbers, ignored } = parseNumbersFile('1234567\n(11) 98765-4321\n1234567890123456\n+1 415 555 2671\n');
    expect(numbers).toEqual(['5511987654321', '14155552671']);
    expect(ignored.map((line) => line.line)).toEqual([1, 3]);
  });

  it('reads nothing from an empty file', () => {
    expect(parseNumbersFile('\n \n')).toEqual({ numbers: [], duplicates: 0, ignored: [] });
  });
});

describe('decodeNumbersFile', () => {
  it('reads UTF-8, or Windows-1252 as Excel saves it', () => {
    expect(decodeNumbersFile(new TextEncoder().encode('número\n1'))).toBe('número\n1');
    expect(decodeNumbersFile(new Uint8Array([0x6e, 0xfa, 0x6d, 0x65, 0x72, 0x6f]))).toBe('número');
  });
});

describe('mergeNumbers', () => {
  it('appends the new numbers to the typed ones, none twice', () => {
    expect(splitNumbers('5511911112222, 5511933334444;\n')).toEqual(['5511911112222', '5511933334444']);
    expect(mergeNumbers('+55 11 91111-2222\n', ['5511911112222', '5511955556666'])).toEqual({
      text: '+55 11 91111-2222\n5511955556666',
      added: 1,
    });
    expect(mergeNumbers('', ['5511955556666'])).toEqual({ text: '5511955556666', added: 1 });
  });
});
