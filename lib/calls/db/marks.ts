import "server-only";
import { sql } from "kysely";
import { db } from "@/lib/core/client";

// The change marker of each account's calls (migration 0031): a counter that a trigger moves in the
// transaction of every insert and update of one of the account's calls, whoever writes it. Read by
// primary key, so its cost does not grow with the account's history or with other accounts.

/** More accounts than this are read in several statements (bound parameters have a limit). */
const CHUNK = 500;

/** Each account's marker; an account none of whose calls ever changed reads 0. */
export async function readCallMarks(accountIds: readonly string[]): Promise<Map<string, number>> {
  const marks = new Map<string, number>(accountIds.map((id) => [id, 0]));
  for (let i = 0; i < accountIds.length; i += CHUNK) {
    const ids = accountIds.slice(i, i + CHUNK);
    const { rows } = await sql<{ account_id: string; seq: number | string }>`
      SELECT account_id, seq FROM call_marks WHERE account_id IN (${sql.join(ids)})`.execute(db());
    // PostgreSQL hands a bigint back as a string.
    for (const r of rows) marks.set(r.account_id, Number(r.seq));
  }
  return marks;
}
