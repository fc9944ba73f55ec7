// /__fake/* routes of the fake Bolna, served only when started with `control: true` (the runnable
// entry for e2e): a Playwright test cannot call the in-process controls, so it drives the same
// ones over HTTP. Not part of Bolna's API; needs no key.
import type { FakeBolna, Outcome } from "./fake-bolna";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});

export async function controlRoute(fake: FakeBolna, method: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const b = obj(body);
  const parts = path.split("/").filter(Boolean).slice(1); // drop "__fake"
  const ok = (v: unknown = { ok: true }) => ({ status: 200, body: v });
  if (method === "GET" && parts[0] === "state") {
    return ok({
      agents: [...fake.agents].map(([id, a]) => ({ id, ...a })), calls: fake.calls,
      executions: [...fake.executions.values()], deliveries: fake.deliveries,
      active: fake.active().map((e) => e.id), peak_active: fake.peakActive,
    });
  }
  if (method !== "POST") return { status: 405, body: { message: "POST only" } };
  if (parts[0] === "hold") {
    fake.holdCalls(b.on !== false, typeof b.recipient === "string" ? b.recipient : undefined);
    return ok();
  }
  if (parts[0] === "release") {
    await fake.release(typeof b.id === "string" ? b.id : undefined, (b.outcome as Outcome | undefined) ?? "completed");
    return ok();
  }
  if (parts[0] === "fail-next") {
    fake.failNext(Number(b.status ?? 500), String(b.message ?? "Injected failure"));
    return ok();
  }
  if (parts[0] === "executions" && parts.length === 3) {
    const id = parts[1];
    if (!fake.executions.has(id)) return { status: 404, body: { message: "Execution not found" } };
    const fields = obj(b.fields);
    switch (parts[2]) {
      case "advance": return ok({ webhook_status: await fake.advance(id, String(b.status), fields) });
      case "complete": return ok(await fake.complete(id, fields));
      case "resend": return ok({ webhook_status: await fake.resend(id) });
      case "late": return ok({ webhook_status: await fake.sendLate(id, String(b.status)) });
    }
  }
  return { status: 404, body: { message: `No control route ${method} ${path}` } };
}
