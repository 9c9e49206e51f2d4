// In the PGlite thread: statements the server prepares (the hottest reads, packages/api/src/prepared.ts) are
// kept by PGlite as named statements, parsed and planned once. PGlite's own query parses, analyses and
// plans every query anew, in six calls into PostgreSQL; a kept statement's run is one (bind, describe,
// execute, sync). Together a quarter of a 50-row list page's time on PGlite (`npm run bench -- catalog`).
// A kept statement runs with its generic plan (plan_cache_mode): PostgreSQL would otherwise plan it again on
// every run, as its plan for an unknown LIMIT looks costlier than one for the limit given, though it is the
// same plan. Other queries run with the usual mode, set back before them; the mode changes only which plan
// runs, never what a query answers.
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

interface Statement {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them when it parsed the statement. */
  types: number[];
}

function joined(messages: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
}

/** PostgreSQL's refusal of a kept plan whose answer's columns changed since (SQLSTATE 0A000). */
const isStale = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: unknown }).code === '0A000' &&
  error.message.includes('cached plan must not change result type');

const GENERIC_PLANS = serialize.query('set plan_cache_mode = force_generic_plan');

export class KeptStatements {
  readonly #db: PGlite;
  readonly #statements = new Map<string, Statement>();
  #made = 0;
  /** Whether the connection's plan_cache_mode is the kept statements' (set by the last of them). */
  #generic = false;

  constructor(db: PGlite) {
    this.#db = db;
  }

  /**
   * Runs a query as a named statement, parsed the first time its text is run, and again when a table it
   * reads changed the columns it answers (PostgreSQL then refuses the kept plan).
   */
  async run(text: string, params: unknown[], options: QueryOptions): Promise<Results> {
    try {
      return await this.#run(text, params, options);
    } catch (error) {
      if (!isStale(error)) throw error;
      await this.#forget(text);
      return this.#run(text, params, options);
    }
  }

  async #run(text: string, params: unknown[], options: QueryOptions): Promise<Results> {
    const { name, types } = await this.#prepared(text);
    // As PGlite's query serializes parameters: by the type PostgreSQL gave each, else as text.
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.#db.serializers[types[index] ?? 0];
      return serializer ? serializer(param) : String(param);
    });
    const setMode = !this.#generic;
    // The SET goes first and cannot fail: the mode is set even when the statement fails after it.
    this.#generic = true;
    const { messages } = await this.#db.execProtocol(
      joined([
        ...(setMode ? [GENERIC_PLANS] : []),
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    // The mode's SET answers a result of its own, first.
    const result = parse.parseResults(messages, this.#db.parsers, options)[setMode ? 1 : 0];
    if (!result) throw new Error('PGlite answered no result for a kept statement');
    return result;
  }

  /** Before any other query: the usual plan mode again, if a kept statement left its own. */
  async settle(): Promise<void> {
    if (!this.#generic || this.#db.closed) return;
    await this.#db.exec('reset plan_cache_mode');
    this.#generic = false;
  }

  async #forget(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.#db.execProtocol(
      joined([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
    );
  }

  async #prepared(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) return known;
    const name = `kept_${++this.#made}`;
    const { messages } = await this.#db.execProtocol(
      joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    return statement;
  }
}
