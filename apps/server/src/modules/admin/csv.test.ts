import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, dollars } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('quotes %j as RFC 4180 wants: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
  ])('neutralises the formula %j with a leading apostrophe: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves a formula character inside a cell alone, and writes null as empty', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

describe('dollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123_450, '1234.50'],
    [1_000_000_000_000, '10000000000.00'],
    [-250, '-2.50'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(dollars(cents)).toBe(text);
  });
});
