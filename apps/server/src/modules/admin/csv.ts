/**
 * CSV as RFC 4180 has it (comma-separated, CRLF line ends, a cell quoted when it holds a comma, a
 * quote or a line break, its quotes doubled), with spreadsheet-formula injection neutralised: a cell
 * that begins with = + - @, a tab or a carriage return would be run as a formula by Excel, LibreOffice
 * or Google Sheets, so it gets a leading apostrophe and is shown as the text it is (OWASP's advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Integer cents as decimal dollars with two places (123450 -> "1234.50"); exact, no floating point. */
export function dollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
