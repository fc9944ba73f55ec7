import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccountWithToken, useTempDatabase } from "./harness";
import { startServer, type RunningServer } from "./server";

// Contact adds over real HTTP against the production server: concurrency and kill -9.
let server: RunningServer;
let database: string;
let token: string;

beforeAll(async () => {
  database = await useTempDatabase();
  ({ token } = await newAccountWithToken("Contacts HTTP"));
  server = await startServer(database);
});
afterAll(() => server?.stop());

async function api(path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

const number = (i: number) => `+1415555${String(1000 + i).padStart(4, "0")}`;

describe("POST /api/contacts/{list_id}/add over HTTP", () => {
  it("20 concurrent overlapping requests add each number exactly once", async () => {
    const list = await api("/api/contacts", { name: "Race", default_country: "US" });
    expect(list.status).toBe(201);
    // Request r sends numbers r*10 … r*10+49: every number appears in up to 5 requests.
    const requests = Array.from({ length: 20 }, (_, r) =>
      api(`/api/contacts/${list.json.list_id}/add`, {
        contacts: Array.from({ length: 50 }, (_, k) => ({ phone_number: number(r * 10 + k), template_variables: { r } })),
      }),
    );
    const results = await Promise.all(requests);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const distinct = new Set(Array.from({ length: 20 }, (_, r) => Array.from({ length: 50 }, (_, k) => number(r * 10 + k))).flat()).size;
    expect(results.reduce((s, r) => s + r.json.total_added, 0)).toBe(distinct);
    const added = results.flatMap((r) => r.json.added_contacts.map((c: { phone_number: string }) => c.phone_number));
    expect(new Set(added).size).toBe(added.length);
    const after = await api(`/api/contacts/${list.json.list_id}`);
    expect(after.json.contact_count).toBe(distinct);
  });

  it("a 200 survives kill -9: after a restart the same numbers are all duplicates", async () => {
    const list = await api("/api/contacts", { name: "Durable", default_country: "US" });
    const contacts = Array.from({ length: 500 }, (_, i) => ({ phone_number: number(5000 + i) }));
    const first = await api(`/api/contacts/${list.json.list_id}/add`, { contacts });
    expect(first.status).toBe(200);
    expect(first.json.total_added).toBe(500);
    await server.stop("SIGKILL");
    server = await startServer(database);
    const again = await api(`/api/contacts/${list.json.list_id}/add`, { contacts });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ total_added: 0, total_duplicates: 500 });
  });
});
