// Small timing and reporting helpers for scripts/bench.ts (and any bench-*.ts section).

export interface BenchRow {
  label: string;
  /** Latency percentiles in milliseconds, when the row is a latency measurement. */
  p50?: number;
  p95?: number;
  n?: number;
  /** Free-form figure for rows that are not latencies (throughput, sizes). */
  value?: string;
  note?: string;
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/**
 * One request through a real route handler, as Next would call it, including reading the body
 * (serialisation is part of the cost). Throws on a non-2xx so a broken scenario cannot pass as fast.
 */
export async function hit(handler: Handler, url: string, token: string): Promise<string> {
  const req = new Request(new URL(url, "http://localhost:3000"), { headers: { authorization: `Bearer ${token}` } });
  const res = await handler(req, { params: Promise.resolve({}) });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `fn` `warmup` times untimed, then `n` times timed; returns p50/p95 in ms. */
export async function measure(label: string, n: number, fn: () => Promise<unknown>, warmup = 10): Promise<BenchRow> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { label, n, p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (v?: number) => (v === undefined ? "" : v < 10 ? v.toFixed(2) : v.toFixed(1));

export function printTable(title: string, rows: BenchRow[]) {
  const cells = rows.map((r) => [r.label, r.n === undefined ? "" : String(r.n), ms(r.p50), ms(r.p95), r.value ?? "", r.note ?? ""]);
  const head = ["scenario", "n", "p50 ms", "p95 ms", "value", "note"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i >= 1 && i <= 3 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join("  ").trimEnd();
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
}

/**
 * One table, one column per backend: latency rows show "p50 / p95" in ms, other rows their value.
 * Rows are matched by position: every backend runs the same scenarios in the same order.
 */
export function printSideBySide(title: string, columns: { name: string; rows: BenchRow[] }[]) {
  const cell = (r?: BenchRow) => (!r ? "" : r.p50 !== undefined ? `${ms(r.p50)} / ${ms(r.p95)}` : r.value ?? "");
  const cells = columns[0].rows.map((r, i) => [
    r.label, r.n === undefined ? "" : String(r.n), ...columns.map((c) => cell(c.rows[i])),
    columns.filter((c) => c.rows[i]?.note).map((c) => `${c.name}: ${c.rows[i].note}`).join("; "),
  ]);
  const head = ["scenario", "n", ...columns.map((c) => `${c.name} (p50 / p95 ms)`), "note"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const last = head.length - 1;
  const line = (c: string[]) => c.map((v, i) => (i >= 1 && i < last ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join("  ").trimEnd();
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
}
