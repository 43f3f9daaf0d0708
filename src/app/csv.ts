import { err, ok, type Result } from '../core/result.js';
import type { Text } from '../core/text.js';

/*
 * CSV as spreadsheets write it (RFC 4180): commas, double quotes doubled inside quoted fields,
 * line breaks inside quotes. Files from Excel in Japan come as UTF-8 with a BOM, so the reader
 * drops one and the writer adds one; the writer ends lines with CRLF as Excel does.
 */

/** One record of a CSV file and the line it starts on (1-based, counting the header). */
export interface CsvRecord {
  readonly line: number;
  readonly fields: readonly string[];
}

export interface CsvProblem {
  readonly line: number;
  readonly message: Text;
}

const BOM = '\uFEFF';

/** The records of `text`; blank lines are skipped, a quote left open is an error naming the line it opened on. */
export function parseCsv(text: string): Result<CsvRecord[], CsvProblem> {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quotedFrom: number | null = null;
  const endRecord = (): void => {
    fields.push(field);
    if (fields.length > 1 || (fields[0] ?? '') !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (quotedFrom !== null) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quotedFrom = null;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quotedFrom = line;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (quotedFrom !== null) {
    return err({
      line: quotedFrom,
      message: { ja: '引用符 " が閉じられていません', en: 'a quoted field is never closed (missing ")' },
    });
  }
  if (field !== '' || fields.length > 0) endRecord();
  return ok(records);
}

export type CsvCell = string | number | boolean | null;

/**
 * The rows as CSV text for Excel: a BOM, a header, CRLF line ends. A text cell starting with
 * =, +, -, @ gets a leading apostrophe so a spreadsheet never runs a player's name as a formula.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
