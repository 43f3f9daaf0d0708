import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** A stand-in for the i-th parameter while a query is compiled; never a value a caller sends. */
const stand = (i: number): string => `\u0000shinpan-parameter-${i}\u0000`;

/**
 * A parameter's stand-in as `build` sees it: typed to fit any column, because it is only ever
 * used as a value (its text, a string, is replaced by the caller's value when the query runs).
 */
export type Stand = never;

interface Compiled {
  readonly sql: string;
  /** For each parameter of the compiled SQL, the index of the caller's parameter it is. */
  readonly order: readonly number[];
}

/**
 * A query of a fixed shape, built and compiled by Kysely once per dialect and parameter count,
 * then run as SQL text with the caller's parameters. Building and compiling (frozen node trees,
 * a visit per node) cost more CPU than SQLite took to run the statement: on the day it was a
 * seventh of the server's CPU, spent on the account look-up every request makes and on each
 * step of an append. `build` receives stand-ins for the parameters and must use each one as a
 * value only (the compiled SQL then takes them in some order, found here by their text).
 */
export class CompiledOnce<DB, Row = unknown> {
  /** By the dialect's adapter (shared by a database handle and its transactions), then by parameter count. */
  readonly #compiled = new WeakMap<object, Map<number, Compiled>>();

  constructor(private readonly build: (db: Kysely<DB>, parameters: readonly Stand[]) => Compilable<Row>) {}

  async rows(db: Kysely<DB>, parameters: readonly unknown[]): Promise<Row[]> {
    const compiled = this.#compile(db, parameters.length);
    const result = await db.executeQuery<Row>(
      CompiledQuery.raw(
        compiled.sql,
        compiled.order.map((i) => parameters[i]),
      ),
    );
    return result.rows;
  }

  async first(db: Kysely<DB>, parameters: readonly unknown[]): Promise<Row | undefined> {
    return (await this.rows(db, parameters))[0];
  }

  #compile(db: Kysely<DB>, count: number): Compiled {
    const adapter = db.getExecutor().adapter;
    let byCount = this.#compiled.get(adapter);
    if (byCount === undefined) {
      byCount = new Map();
      this.#compiled.set(adapter, byCount);
    }
    const known = byCount.get(count);
    if (known !== undefined) return known;
    const stands = Array.from({ length: count }, (_, i) => stand(i));
    const index = new Map(stands.map((text, i) => [text, i]));
    const { sql, parameters } = this.build(db, stands as readonly unknown[] as readonly Stand[]).compile();
    const order = parameters.map((parameter) => {
      const i = typeof parameter === 'string' ? index.get(parameter) : undefined;
      // A value the query made itself (a literal) would be sent as the first call's forever.
      if (i === undefined) throw new Error(`compiled query has a parameter not given by its caller: ${sql}`);
      return i;
    });
    const compiled = { sql, order };
    byCount.set(count, compiled);
    return compiled;
  }
}
