import os from "node:os";
import { resetConfigForTests } from "@/lib/core/config";
import { insertContacts } from "@/lib/contacts/db/insert";
import { db } from "@/lib/core/client";
import { parseContactPhone } from "@/lib/contacts/schema";
import { call, newAccountWithToken } from "@/lib/testing/harness";
import * as listsRoute from "@/app/api/contacts/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import { freshBenchDatabase } from "./support/bench-database";
import { printTable, type BenchRow } from "./support/bench-kit";

// Contacts add throughput: ≥ 20,000 contacts/s in 10k batches, and a 10k batch's per-row
// cost within 1.3× of a 1k batch's. Each batch goes through the real route handler (JSON body,
// validation, parsing, one write transaction, JSON response) on a throwaway database: a SQLite file
// with the production pragmas (WAL, synchronous=FULL), or, given a PostgreSQL admin URL, a fresh
// PostgreSQL database. Every number is new, the worst case for writes.
// Run: npx tsx --conditions=react-server scripts/bench-contacts.ts [postgres://admin-url]

export interface ContactsBenchResult {
  rate10k: number; perRow10kUs: number; perRow1kUs: number; ratio: number; parseUs: number; insertUs: number;
  /** Rate by this process's CPU time: what the wall-clock rate would be on an otherwise idle machine, minus fsync waits. */
  cpuRate10k: number;
}

const AREAS = ["415", "212", "312", "617", "206", "512", "303", "404"];
const FORMATS = [(a: string, x: string, l: string) => `+1 (${a}) ${x}-${l}`, (a: string, x: string, l: string) => `+1${a}${x}${l}`,
  (a: string, x: string, l: string) => `(${a}) ${x}-${l}`];

/**
 * Hands out distinct valid US numbers in mixed formats. All are made (and checked) up front so
 * that making them is not part of any timing or profile.
 */
function numberSource(total: number) {
  const all: string[] = [];
  for (let n = 0; all.length < total; n++) {
    const raw = FORMATS[n % 3](AREAS[n % 8], String(200 + (Math.floor(n / 80_000) % 700)), String(Math.floor(n / 8) % 10_000).padStart(4, "0"));
    if (parseContactPhone(raw, "US").ok) all.push(raw);
  }
  let used = 0;
  return (count: number): string[] => all.slice(used, (used += count));
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** Adds contacts through the route handler on a fresh SQLite file, or a fresh PostgreSQL database when given an admin URL. */
export async function benchContacts(postgresAdminUrl?: string): Promise<ContactsBenchResult> {
  const logLevel = process.env.LOG_LEVEL;
  const bench = await freshBenchDatabase("contacts", postgresAdminUrl);
  process.env.LOG_LEVEL = "silent";
  resetConfigForTests();
  try {
    db();
    const who = await newAccountWithToken("Bench");
    const newList = async (name: string) =>
      (await call(listsRoute.POST, "POST", "/api/contacts", { token: who.token, body: { name, default_country: "US" } })).json.list_id as string;
    const next = numberSource(3 * 1_000 + 5 * (4 * 1_000 + 10_000) + 10_000);
    const cpu10k: number[] = [];
    const addBatch = async (listId: string, size: number) => {
      const contacts = next(size).map((phone_number, k) => ({ phone_number, template_variables: { first_name: `Name${k}`, plan: "pro" } }));
      const t = performance.now();
      const cpu = process.cpuUsage();
      const res = await call(addRoute.POST, "POST", `/api/contacts/${listId}/add`, { token: who.token, params: { list_id: listId }, body: { contacts } });
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      if (size === 10_000) cpu10k.push((used.user + used.system) / 1000);
      if (res.status !== 200 || res.json.total_added !== size) throw new Error(`bench add failed: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
      return ms;
    };

    const small = await newList("1k batches");
    const large = await newList("10k batches");
    for (let w = 0; w < 3; w++) await addBatch(small, 1_000); // warm up the JIT and the page cache
    const t1k: number[] = [];
    const t10k: number[] = [];
    // Interleaved so both sizes see the same database growth and machine noise.
    for (let r = 0; r < 5; r++) {
      for (let k = 0; k < 4; k++) t1k.push(await addBatch(small, 1_000));
      t10k.push(await addBatch(large, 10_000));
    }
    const perRow10kUs = (median(t10k) * 1000) / 10_000;
    const perRow1kUs = (median(t1k) * 1000) / 1_000;

    // Where the time goes: reading numbers vs the write transaction (10k rows each).
    const numbers = next(10_000);
    let t = performance.now();
    const parsed = numbers.map((n) => parseContactPhone(n, "US"));
    const parseUs = ((performance.now() - t) * 1000) / numbers.length;
    const rows = parsed.map((p, k) => ({ phone_number: numbers[k], e164: p.ok ? p.e164 : "", template_variables: { first_name: `N${k}` } }));
    const list = await newList("insert only");
    t = performance.now();
    await insertContacts(who.accountId, list, rows);
    const insertUs = ((performance.now() - t) * 1000) / rows.length;

    const cpuRate10k = 10_000 / (median(cpu10k) / 1000);
    return { rate10k: 1e6 / perRow10kUs, perRow10kUs, perRow1kUs, ratio: perRow10kUs / perRow1kUs, parseUs, insertUs, cpuRate10k };
  } finally {
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
    await bench.restore();
  }
}

/** The figures as rows of the bench's tables (scripts/bench.ts prints both backends side by side). */
export function contactsRows(r: ContactsBenchResult): BenchRow[] {
  const f = (n: number) => n.toFixed(1);
  return [
    { label: "add, 10k batches via the route handler (target >= 20,000/s)", value: `${Math.round(r.rate10k).toLocaleString("en-US")}/s` },
    { label: "same, by this process's CPU time", value: `${Math.round(r.cpuRate10k).toLocaleString("en-US")}/s` },
    { label: "per-row cost, 10k batch / 1k batch (target ratio <= 1.3)", value: `${f(r.perRow10kUs)} / ${f(r.perRow1kUs)} us, x${r.ratio.toFixed(2)}` },
    { label: "per row: number parsing / insert transaction", value: `${f(r.parseUs)} / ${f(r.insertUs)} us` },
  ];
}

if (process.argv[1] && /bench-contacts\.ts$/.test(process.argv[1])) {
  benchContacts(process.argv[2]).then((r) => printTable(`Contacts add (${process.argv[2] ? "PostgreSQL" : "SQLite"}), load average ${os.loadavg()[0].toFixed(1)}`, contactsRows(r))).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
