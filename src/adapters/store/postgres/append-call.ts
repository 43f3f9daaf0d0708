import pg from 'pg';
import type { AppendGroupMember, AppendOutcome } from './append-batches.js';
import { APPEND_FUNCTION_V1 } from './append-function.js';

/** A pool (each call its own implicit transaction) or a connection inside a transaction. */
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

interface OutcomeRow {
  readonly outcome: AppendOutcome['outcome'];
  readonly stream_version: number;
  readonly from_seq: number | null;
  readonly to_seq: number | null;
}

/** The function's arguments in order, each with the type it is cast to. */
type Argument =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'text[]'; readonly value: readonly (string | null)[] }
  | { readonly type: 'integer[]'; readonly value: readonly (number | null)[] };

function argumentsOf(channel: string, group: readonly AppendGroupMember[]): readonly Argument[] {
  const appends = group.map((m) => m.append);
  const events = appends.flatMap((a) => a.events);
  return [
    { type: 'text', value: channel },
    { type: 'text[]', value: appends.map((a) => a.tournamentId) },
    { type: 'integer[]', value: appends.map((a) => a.expectedVersion) },
    { type: 'integer[]', value: appends.map((a) => a.events.length) },
    { type: 'integer[]', value: group.map((m) => m.after) },
    { type: 'text[]', value: appends.map((a) => a.idempotencyKey ?? null) },
    { type: 'text[]', value: appends.map((a) => a.fingerprint ?? null) },
    { type: 'text[]', value: events.map((e) => e.type) },
    { type: 'text[]', value: appends.flatMap((a) => a.data) },
    { type: 'text[]', value: events.map((e) => e.actor) },
    { type: 'text[]', value: events.map((e) => e.at) },
    { type: 'text', value: new Date().toISOString() },
  ];
}

const select = (args: readonly string[]) =>
  `select outcome, stream_version, from_seq, to_seq from ${APPEND_FUNCTION_V1}(${args.join(', ')})`;

function outcomesOf(rows: readonly OutcomeRow[], group: readonly AppendGroupMember[]): readonly AppendOutcome[] {
  if (rows.length !== group.length) throw new Error(`append function answered ${rows.length} of ${group.length}`);
  return rows.map((row) => ({
    outcome: row.outcome,
    version: row.stream_version,
    fromSeq: row.from_seq,
    toSeq: row.to_seq,
  }));
}

/** One call of the append function for a group (sorted by tournament), answering each member in order. */
export async function callAppendFunction(
  on: Queryable,
  channel: string,
  group: readonly AppendGroupMember[],
): Promise<readonly AppendOutcome[]> {
  const args = argumentsOf(channel, group);
  const { rows } = await on.query<OutcomeRow>(
    select(args.map((a, i) => `$${i + 1}::${a.type}`)),
    args.map((a) => a.value),
  );
  return outcomesOf(rows, group);
}

/**
 * The same call followed by COMMIT in one round trip, for a connection inside a transaction: a
 * simple query, the only kind that carries two statements, so the arguments are written as
 * escaped literals. Should the call fail, the COMMIT is not run and the transaction is left
 * aborted for the caller to roll back.
 */
export async function callAppendFunctionAndCommit(
  on: pg.PoolClient,
  channel: string,
  group: readonly AppendGroupMember[],
): Promise<readonly AppendOutcome[]> {
  const text = `${select(argumentsOf(channel, group).map(literal))}; commit`;
  const [called] = (await on.query(text)) as unknown as [pg.QueryResult<OutcomeRow>, pg.QueryResult];
  return outcomesOf(called.rows, group);
}

function literal(arg: Argument): string {
  switch (arg.type) {
    case 'text':
      return `${pg.escapeLiteral(arg.value)}::text`;
    case 'text[]':
      return `array[${arg.value.map((v) => (v === null ? 'null' : pg.escapeLiteral(v))).join(', ')}]::text[]`;
    case 'integer[]':
      return `array[${arg.value.map(integer).join(', ')}]::integer[]`;
  }
}

function integer(value: number | null): string {
  if (value === null) return 'null';
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  return String(value);
}
