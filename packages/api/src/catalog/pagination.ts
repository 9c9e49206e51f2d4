import { sql, type SQL } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
import { AppError } from '@stackyard/contracts/problem';

// Keyset pagination: a page ends at its last row's (sort key, id), and the next page starts after it.
// Rows inserted meanwhile land before or after that point but never shift the pages, unlike OFFSET.

/** The OpenAPI description of a paged list. */
export const PAGED_LIST = `One page; the next page's cursor is in the ${NEXT_CURSOR_HEADER} response header (absent on the last page).`;

/** How a list is ordered: by a key (ties broken by id), in one direction. */
export interface KeysetOrder {
  /** A name for the sort, carried in the cursor so a cursor of one sort is not used with another. */
  name: string;
  key: SQL;
  /** The key's SQL type, to read the cursor's value back as the same type. */
  type: 'timestamptz' | 'text' | 'int';
  id: SQL;
  direction: 'asc' | 'desc';
}

/** The key as text for the cursor: timestamps keep their microseconds (a JS Date would drop them). */
export function cursorKey(order: KeysetOrder): SQL<string> {
  return order.type === 'timestamptz'
    ? sql<string>`to_char(${order.key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${order.key}::text`;
}

export function orderBy(order: KeysetOrder): SQL {
  return order.direction === 'desc'
    ? sql`${order.key} desc, ${order.id} desc`
    : sql`${order.key} asc, ${order.id} asc`;
}

/** The rows after the cursor, or every row when there is none. */
export function after(order: KeysetOrder, cursor: Cursor | null): SQL {
  if (!cursor) return sql`true`;
  const value =
    order.type === 'timestamptz'
      ? sql`${cursor.key}::timestamptz`
      : order.type === 'int'
        ? sql`${Number(cursor.key)}::int`
        : sql`${cursor.key}::text`;
  return order.direction === 'desc'
    ? sql`(${order.key}, ${order.id}) < (${value}, ${cursor.id}::uuid)`
    : sql`(${order.key}, ${order.id}) > (${value}, ${cursor.id}::uuid)`;
}

/** after() for a prepared statement: the cursor's key and id are the placeholders cursorKey and cursorId. */
export function afterPlaceholders(order: KeysetOrder): SQL {
  const value = sql`${sql.placeholder('cursorKey')}::${sql.raw(order.type)}`;
  const id = sql`${sql.placeholder('cursorId')}::uuid`;
  return order.direction === 'desc'
    ? sql`(${order.key}, ${order.id}) < (${value}, ${id})`
    : sql`(${order.key}, ${order.id}) > (${value}, ${id})`;
}

export interface Cursor {
  key: string;
  id: string;
}

export function encodeCursor(order: KeysetOrder, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([order.name, cursor.key, cursor.id])).toString('base64url');
}

const INVALID = 'The cursor is not valid for this list. Start again from the first page.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_CHECKS: Record<KeysetOrder['type'], RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  int: /^-?\d{1,9}$/,
  text: /^[\s\S]{0,400}$/,
};

/** A cursor from a client: checked to be one this list made, so a forged one is a 400 and never a 500. */
export function decodeCursor(order: KeysetOrder, raw: string | undefined): Cursor | null {
  if (raw === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('bad_request', INVALID);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw new AppError('bad_request', INVALID);
  const [name, key, id] = parsed as unknown[];
  if (
    name !== order.name ||
    typeof key !== 'string' ||
    typeof id !== 'string' ||
    !UUID.test(id) ||
    !KEY_CHECKS[order.type].test(key) ||
    key.includes('\u0000')
  ) {
    throw new AppError('bad_request', INVALID);
  }
  return { key, id };
}

/** One page of a list answer; the next page's cursor goes out in the x-next-cursor header. */
export interface Page<T> {
  items: T;
  nextCursor: string | null;
}

/** What a catalog list query asks the repository for: its sort, its checked cursor, page size and tag. */
export function pageRequest<Sort extends string>(
  orders: Record<Sort, KeysetOrder>,
  query: { sort: Sort; cursor?: string | undefined; limit: number; tag?: string | undefined },
) {
  return {
    sort: query.sort,
    cursor: decodeCursor(orders[query.sort], query.cursor),
    limit: query.limit,
    tagId: query.tag,
  };
}

/** One page: `limit` rows, and the cursor of the next page when there are more (the last row's `id` field). */
export function page<T extends { cursorKey: string } & Record<K, string>, K extends string = 'id'>(
  order: KeysetOrder,
  rows: T[],
  limit: number,
  id: K = 'id' as K,
): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    rows: kept,
    nextCursor: more && last ? encodeCursor(order, { key: last.cursorKey, id: last[id] }) : null,
  };
}
