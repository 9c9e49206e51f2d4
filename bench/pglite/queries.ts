// What the pglite benchmark runs, through the server's database thread and directly (direct.ts).
const ROWS = 10_000;

export const SETUP = [
  'create table items (id int primary key, name text not null, created_at timestamptz not null)',
  `insert into items select g, 'item ' || g, now() - g * interval '1 minute' from generate_series(1, ${ROWS}) g`,
  'analyze items',
];

export const QUERIES = {
  'a row by primary key': {
    text: 'select id, name, created_at from items where id = $1',
    param: (n: number) => 1 + (n % ROWS),
  },
  'a page of 50 rows': {
    text: 'select id, name, created_at from items where id > $1 order by id limit 50',
    param: (n: number) => (n * 50) % (ROWS - 50),
  },
};

/** `callers` loops, each running its next query as soon as the last one answered, for `ms`; answers how many ran. */
export async function runCallers(
  callers: number,
  ms: number,
  query: (n: number) => Promise<unknown>,
): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        await query(done);
        done++;
      }
    }),
  );
  return done;
}

export interface QueryLoad {
  query: keyof typeof QUERIES;
  callers: number;
  ms: number;
}
