// The bench's receivers (scripts/bench-webhooks.ts) in a process of their own, as a team's servers
// would be: the measured worker does not share its event loop with them. Prints one JSON line with
// the receivers' URLs, then "done" once each has seen BENCH_EXPECTED distinct webhook-ids; on a
// "report" line on stdin prints, per receiver, [webhook-id, received at (ms, epoch)] pairs and how
// many requests repeated an id, then exits.
import http from "node:http";
import type { AddressInfo } from "node:net";
import readline from "node:readline";

const expected = Number(process.env.BENCH_EXPECTED ?? 0);
const now = () => performance.timeOrigin + performance.now();
interface Rx { seen: Map<string, number>; dupes: number; url: string }

async function receiver(): Promise<Rx> {
  const rx: Rx = { seen: new Map(), dupes: 0, url: "" };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (rx.seen.has(id)) rx.dupes++;
      else rx.seen.set(id, now());
      res.writeHead(204).end();
      if (rx.seen.size === expected && rxs.every((r) => r.seen.size >= expected)) process.stdout.write("done\n");
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return rx;
}

const rxs: Rx[] = [];
async function main() {
  for (let i = 0; i < 3; i++) rxs.push(await receiver());
  process.stdout.write(`${JSON.stringify(rxs.map((r) => r.url))}\n`);
}
void main();
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "report") return;
  process.stdout.write(`${JSON.stringify(rxs.map((r) => ({ seen: [...r.seen], dupes: r.dupes })))}\n`, () => process.exit(0));
});
