import { err, ok, type Result } from '../core/result.js';
import { invisibleCharacter, showsSomething } from '../core/names/normal-form.js';
import { readingProblem } from '../core/names/reading.js';
import type { Text } from '../core/text.js';
import { boundProblem } from '../core/tournament/command-checks.js';
import { MAX_IMPORTED_PLAYERS, PLAYER_ID, PLAYER_NAME, READING, type TextBound } from '../core/tournament/limits.js';
import { parseCsv, type CsvProblem } from './csv.js';

/*
 * The player list a scorekeeper imports: a header row naming the columns (in any order, in
 * English or Japanese), then one player per line. Every problem is collected with its line, so
 * one run of the import shows them all, and nothing is registered until none is left.
 */

export interface PlayerCsvRow {
  readonly line: number;
  readonly id: string;
  readonly name: string;
  /** フリガナ in kana, or null when the column is missing or the cell empty. */
  readonly reading: string | null;
  /** The decklist file as written in the CSV (relative to the CSV's folder), or null. */
  readonly decklist: string | null;
}

type Column = 'id' | 'name' | 'reading' | 'decklist';

const HEADER_NAMES: Readonly<Record<string, Column>> = {
  id: 'id',
  'player id': 'id',
  playerid: 'id',
  player: 'id',
  プレイヤーid: 'id',
  id番号: 'id',
  name: 'name',
  'player name': 'name',
  氏名: 'name',
  名前: 'name',
  選手名: 'name',
  reading: 'reading',
  furigana: 'reading',
  kana: 'reading',
  フリガナ: 'reading',
  ふりがな: 'reading',
  よみがな: 'reading',
  読み仮名: 'reading',
  よみ: 'reading',
  ヨミガナ: 'reading',
  カナ: 'reading',
  yomi: 'reading',
  読み: 'reading',
  decklist: 'decklist',
  deck: 'decklist',
  'deck list': 'decklist',
  デッキリスト: 'decklist',
  デッキ: 'decklist',
};

/** A cell past its bound (a blank one is the caller's to name), as the problem of its line. */
function boundAt(line: number, value: string, bound: TextBound, column: Text): CsvProblem | null {
  const problem = value === '' ? null : boundProblem(value, bound);
  return problem ? { line, message: { ja: `${column.ja}: ${problem.ja}`, en: `${column.en}: ${problem.en}` } } : null;
}

/** The rows of a player CSV, or every problem found, each naming its line. */
export function parsePlayersCsv(text: string): Result<PlayerCsvRow[], CsvProblem[]> {
  const parsed = parseCsv(text);
  if (!parsed.ok) return err([parsed.error]);
  const [header, ...records] = parsed.value;
  if (!header)
    return err([
      {
        line: 1,
        message: {
          ja: '空のファイルです (見出し行 id,name が必要です)',
          en: 'the file is empty (expected a header row id,name)',
        },
      },
    ]);

  const columns = new Map<Column, number>();
  const problems: CsvProblem[] = [];
  header.fields.forEach((raw, index) => {
    const column = HEADER_NAMES[raw.trim().toLowerCase()];
    if (column === undefined) {
      problems.push({
        line: header.line,
        message: {
          ja: `見出し "${raw}" は使えません (id, name, reading/フリガナ, decklist のいずれか)`,
          en: `unknown column "${raw}" (expected id, name, reading, decklist)`,
        },
      });
    } else if (columns.has(column)) {
      problems.push({
        line: header.line,
        message: { ja: `見出し ${column} が2回あります`, en: `column ${column} appears twice` },
      });
    } else columns.set(column, index);
  });
  for (const needed of ['id', 'name'] as const) {
    if (!columns.has(needed))
      problems.push({
        line: header.line,
        message: { ja: `見出しに ${needed} の列がありません`, en: `the header has no ${needed} column` },
      });
  }
  if (problems.length > 0) return err(problems);
  const past = records[MAX_IMPORTED_PLAYERS];
  if (past !== undefined) return err([tooManyRows(records.length, past.line)]);

  const rows: PlayerCsvRow[] = [];
  const firstLine = new Map<string, number>();
  for (const record of records) {
    const get = (column: Column): string => {
      const index = columns.get(column);
      return index === undefined ? '' : (record.fields[index] ?? '').trim();
    };
    const line = record.line;
    if (record.fields.length > header.fields.length) {
      problems.push({
        line,
        message: {
          ja: `列が ${record.fields.length} 個あります (見出しは ${header.fields.length} 列)`,
          en: `${record.fields.length} fields, but the header has ${header.fields.length}`,
        },
      });
      continue;
    }
    const id = get('id');
    const name = get('name');
    if (id === '') problems.push({ line, message: { ja: 'id が空です', en: 'id is empty' } });
    if (name === '') problems.push({ line, message: { ja: 'name が空です', en: 'name is empty' } });
    // A name of characters that show nothing (U+3164…) prints blank: the domain's rule (normal-form.ts), named by line here.
    const blank = name !== '' && !showsSomething(name);
    if (blank)
      problems.push({
        line,
        message: {
          ja: `name が表示されない文字 (${invisibleCharacter(name)} など) と空白だけです`,
          en: `name is only spaces and characters that show nothing (such as ${invisibleCharacter(name)})`,
        },
      });
    const reading = get('reading');
    const readingWrong = reading === '' ? null : readingProblem(reading);
    if (readingWrong)
      problems.push({
        line,
        message: { ja: `reading (フリガナ): ${readingWrong.ja}`, en: `reading: ${readingWrong.en}` },
      });
    // The bounds a JSON import and a single registration are held to (core/tournament/limits.ts).
    const outside = [
      boundAt(line, id, PLAYER_ID, { ja: 'id', en: 'id' }),
      boundAt(line, name, PLAYER_NAME, { ja: 'name', en: 'name' }),
      readingWrong ? null : boundAt(line, reading, READING, { ja: 'reading (フリガナ)', en: 'reading' }),
    ].filter((p): p is CsvProblem => p !== null);
    problems.push(...outside);
    if (id === '' || name === '' || blank || readingWrong || outside.length > 0) continue;
    const earlier = firstLine.get(id);
    if (earlier !== undefined) {
      problems.push({
        line,
        message: {
          ja: `選手 ${id} は ${earlier} 行目にもあります`,
          en: `player ${id} is listed twice (first on line ${earlier})`,
        },
      });
      continue;
    }
    firstLine.set(id, line);
    const decklist = get('decklist');
    rows.push({
      line,
      id,
      name,
      reading: reading === '' ? null : reading,
      decklist: decklist === '' ? null : decklist,
    });
  }
  if (problems.length > 0) return err(problems);
  if (rows.length === 0)
    return err([{ line: header.line, message: { ja: '選手の行がありません', en: 'no player rows after the header' } }]);
  return ok(rows);
}

/** A file past MAX_IMPORTED_PLAYERS rows, refused whole at the first row past the bound before any row is checked. */
function tooManyRows(rows: number, line: number): CsvProblem {
  return {
    line,
    message: {
      ja: `選手の行が ${rows} 行あります。一度に取り込めるのは ${MAX_IMPORTED_PLAYERS} 行までです (ファイルを分けてください)`,
      en: `the file has ${rows} player rows; at most ${MAX_IMPORTED_PLAYERS} are imported at once (split the file)`,
    },
  };
}
