import stringWidth from 'string-width';

/** The streams a command writes to; tests and the in-process runner pass their own. */
export interface Io {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  readonly stdin: NodeJS.ReadableStream;
}

export const processIo: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Pads by display width, so full-width Japanese names line up with ASCII ones in a terminal. */
export function padDisplay(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = ' '.repeat(Math.max(0, width - stringWidth(text)));
  return align === 'left' ? text + gap : gap + text;
}

export interface Column<Row> {
  readonly header: string;
  readonly value: (row: Row) => string;
  readonly align?: 'left' | 'right';
}

export function renderTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const widths = columns.map((c, i) => Math.max(stringWidth(c.header), ...cells.map((r) => stringWidth(r[i] ?? ''))));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => padDisplay(v, widths[i] ?? 0, columns[i]?.align ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return `${[line(columns.map((c) => c.header)), rule, ...cells.map(line)].join('\n')}\n`;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
