import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";
import * as testsRoute from "./[id]/tests/route";
import * as testRoute from "./[id]/tests/[test_id]/route";
import * as runRoute from "./[id]/tests/run/route";
import * as runsRoute from "./[id]/tests/runs/route";
import * as runByIdRoute from "./[id]/tests/runs/[run_id]/route";
import * as versionsRoute from "./[id]/versions/route";

// Agent test cases, their validation, tenancy, queuing a run, and the versions list's paging.

let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

const createAgent = async () => (await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: bolnaExampleAgent() })).json.agent_id as string;
const create = (id: string, body: unknown, token = a.token) => call(testsRoute.POST, "POST", `/api/agent/${id}/tests`, { token, params: { id }, body });
const list = (id: string, token = a.token) => call(testsRoute.GET, "GET", `/api/agent/${id}/tests`, { token, params: { id } });
const one = (id: string, testId: string, token = a.token) => call(testRoute.GET, "GET", "/", { token, params: { id, test_id: testId } });
const edit = (id: string, testId: string, body: unknown, token = a.token) => call(testRoute.PUT, "PUT", "/", { token, params: { id, test_id: testId }, body });
const remove = (id: string, testId: string, token = a.token) => call(testRoute.DELETE, "DELETE", "/", { token, params: { id, test_id: testId } });
const run = (id: string, body?: unknown, token = a.token) => call(runRoute.POST, "POST", `/api/agent/${id}/tests/run`, { token, params: { id }, body });
const runs = (id: string, qs = "", token = a.token) => call(runsRoute.GET, "GET", `/api/agent/${id}/tests/runs${qs}`, { token, params: { id } });
const runById = (id: string, runId: string, token = a.token) => call(runByIdRoute.GET, "GET", "/", { token, params: { id, run_id: runId } });
const versions = (id: string, qs = "", token = a.token) => call(versionsRoute.GET, "GET", `/api/agent/${id}/versions${qs}`, { token, params: { id } });

const TEST = {
  name: "Books a table",
  variables: { name: "Ann" },
  turns: ["A table for two tonight, please"],
  expect: [
    { type: "tool_called", tool: "book_table", args: { people: 2 } },
    { type: "reply_contains", text: "booked" },
    { type: "reply_matches", pattern: "table for \\d" },
    { type: "judge", criteria: "The agent confirms the booking" },
  ],
};

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("Tests A");
  b = await newAccountWithToken("Tests B");
});

describe("agent test cases", () => {
  it("create, list, get, delete", async () => {
    const id = await createAgent();
    const created = await create(id, TEST);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ test_id: expect.any(String), ...TEST, created_at: expect.any(String) });
    const second = (await create(id, { name: "Greets", turns: ["hi"], expect: [{ type: "reply_contains", text: "hello" }] })).json;
    expect(second.variables).toEqual({});
    expect((await list(id)).json.tests.map((t: { name: string }) => t.name)).toEqual(["Books a table", "Greets"]);
    expect((await one(id, created.json.test_id)).json).toEqual(created.json);
    expect((await remove(id, created.json.test_id)).json).toEqual({ test_id: created.json.test_id, status: "deleted" });
    expect((await one(id, created.json.test_id)).status).toBe(404);
    expect((await remove(id, created.json.test_id)).status).toBe(404);
    expect((await list(id)).json.tests).toHaveLength(1);
  });

  it("an agent has at most 100 tests", async () => {
    const id = await createAgent();
    const { insertTest } = await import("@/lib/agents/tests/db/tests");
    const body = { name: "t", variables: {}, turns: ["hi"], expect: [{ type: "reply_contains" as const, text: "x" }] };
    for (let i = 0; i < 99; i++) await insertTest(a.accountId, id, body);
    expect((await create(id, TEST)).status).toBe(201);
    const full = await create(id, TEST);
    expect(full.status).toBe(409);
    expect(full.json.message).toMatch(/100 tests/);
    expect((await list(id)).json.tests).toHaveLength(100);
  });

  it("bad tests are 400s naming the field", async () => {
    const id = await createAgent();
    const bad = async (body: unknown, path: string) => {
      const res = await create(id, body);
      expect(res.status, path).toBe(400);
      expect(res.json.errors.map((e: { path: string }) => e.path), JSON.stringify(res.json)).toContain(path);
      return res.json.errors.find((e: { path: string }) => e.path === path).message as string;
    };
    await bad({ ...TEST, name: " " }, "name");
    await bad({ ...TEST, turns: [] }, "turns");
    await bad({ ...TEST, turns: Array(21).fill("x") }, "turns");
    await bad({ ...TEST, turns: ["ok", ""] }, "turns[1]");
    await bad({ ...TEST, expect: [] }, "expect");
    await bad({ ...TEST, expect: [{ type: "sings" }] }, "expect[0].type");
    await bad({ ...TEST, expect: [{ type: "tool_called" }] }, "expect[0].tool");
    await bad({ ...TEST, expect: [{ type: "reply_contains", text: "x", extra: 1 }] }, "expect[0].extra");
    expect(await bad({ ...TEST, expect: [{ type: "reply_contains", text: "x" }, { type: "reply_matches", pattern: "(unclosed" }] }, "expect[1].pattern"))
      .toMatch(/not a valid regular expression/);
    expect(await bad({ ...TEST, expect: [{ type: "reply_matches", pattern: "(a+)+$" }] }, "expect[0].pattern")).toMatch(/refused/);
    await bad({ ...TEST, variables: { name: 3 } }, "variables.name");
    expect((await list(id)).json.tests).toEqual([]);
  });

  it("a test is edited whole: name, variables, turns and expectations, in one write", async () => {
    const id = await createAgent();
    const t = (await create(id, TEST)).json;
    const changed = {
      name: "Books a table for three", variables: { name: "Bo", day: "Friday" }, turns: ["A table for three", "Friday at 8"],
      expect: [{ type: "tool_called", tool: "book_table", args: { people: 3, when: { day: "friday" } } }, { type: "judge", criteria: "Confirms Friday" }],
    };
    const res = await edit(id, t.test_id, changed);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ test_id: t.test_id, ...changed, created_at: t.created_at });
    expect((await one(id, t.test_id)).json).toEqual(res.json);
    // variables may be left out (none), as on create.
    expect((await edit(id, t.test_id, { ...changed, variables: undefined })).json.variables).toEqual({});

    // A bad field is a 400 naming it, and the stored test stays as it was (no half of an edit).
    const before = (await edit(id, t.test_id, changed)).json;
    const bad = async (body: unknown, path: string) => {
      const r = await edit(id, t.test_id, body);
      expect(r.status, path).toBe(400);
      expect(r.json.errors.map((e: { path: string }) => e.path), JSON.stringify(r.json)).toContain(path);
    };
    await bad({ ...changed, name: "Renamed", expect: [{ type: "reply_matches", pattern: "([a-z]" }] }, "expect[0].pattern");
    await bad({ ...changed, name: "Renamed", expect: [{ type: "tool_called", tool: "book_table", args: ["people"] }] }, "expect[0].args");
    await bad({ ...changed, name: "Renamed", turns: [] }, "turns");
    await bad({ name: "Renamed" }, "turns");
    await bad({ ...changed, test_id: "other" }, "test_id");
    expect((await one(id, t.test_id)).json).toEqual(before);
  });

  it("another account's agent, test or run is a 404, and nothing changes", async () => {
    const id = await createAgent();
    const t = (await create(id, TEST)).json;
    const r = (await run(id)).json;
    expect((await create(id, TEST, b.token)).status).toBe(404);
    expect((await list(id, b.token)).status).toBe(404);
    expect((await one(id, t.test_id, b.token)).status).toBe(404);
    expect((await remove(id, t.test_id, b.token)).status).toBe(404);
    expect((await edit(id, t.test_id, { ...TEST, name: "Taken over" }, b.token)).status).toBe(404);
    expect((await run(id, undefined, b.token)).status).toBe(404);
    expect((await runs(id, "", b.token)).status).toBe(404);
    expect((await runById(id, r.run_id, b.token)).status).toBe(404);
    expect((await list(id)).json.tests).toHaveLength(1);
    // A test or run of another agent of the same account is not this agent's either.
    const other = await createAgent();
    expect((await one(other, t.test_id)).status).toBe(404);
    expect((await runById(other, r.run_id)).status).toBe(404);
    expect((await edit(other, t.test_id, { ...TEST, name: "Moved" })).status).toBe(404);
    expect((await edit(id, "no-such-test", TEST)).status).toBe(404);
    expect((await one(id, t.test_id)).json.name).toBe(TEST.name);
    expect((await create("no-such-agent", TEST)).status).toBe(404);
  });

  it("a run queues every test against the latest version or the one asked for", async () => {
    const id = await createAgent();
    expect((await run(id)).status).toBe(409); // no tests yet
    await create(id, TEST);
    await create(id, { ...TEST, name: "Second" });
    const queued = await run(id);
    expect(queued.status).toBe(202);
    expect(queued.json).toEqual({ run_id: expect.any(String), version: 1, total: 2 });
    const shown = (await runById(id, queued.json.run_id)).json;
    expect(shown).toMatchObject({ run_id: queued.json.run_id, version: 1, status: "running", total: 2, done: 0, passed: 0, finished_at: null });
    expect(shown.results).toEqual([
      { test_id: expect.any(String), name: "Books a table", state: "queued", passed: null, errored: false, failures: [], transcript: [] },
      { test_id: expect.any(String), name: "Second", state: "queued", passed: null, errored: false, failures: [], transcript: [] },
    ]);
    expect((await run(id, { version: 1 })).json.version).toBe(1);
    const missing = await run(id, { version: 9 });
    expect(missing.status).toBe(404);
    expect(missing.json.errors[0].path).toBe("version");
    expect((await run(id, { version: 0 })).json.errors[0].path).toBe("version");
    expect((await run(id, { versions: 1 })).json.errors[0].path).toBe("versions");
    const page = (await runs(id, "?limit=1")).json; // two runs
    expect(page.runs).toHaveLength(1);
    expect(page.has_more).toBe(true);
    const rest = (await runs(id, `?limit=1&cursor=${page.next_cursor}`)).json;
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect([...page.runs, ...rest.runs].map((x: { run_id: string }) => x.run_id).at(-1)).toBe(queued.json.run_id); // newest first
    // A run under way is nobody's "last result" on the versions list.
    expect((await versions(id)).json.versions[0].tests).toBeNull();
  });

  it("the versions list pages by version, newest first, and stays one page by default", async () => {
    const id = await createAgent();
    for (let i = 0; i < 4; i++) {
      const changed = bolnaExampleAgent();
      changed.agent_config.agent_welcome_message = `Hello ${i}`;
      await call(agentById.PUT, "PUT", `/api/agent/${id}`, { token: a.token, params: { id }, body: changed });
    }
    const all = (await versions(id)).json;
    expect(all.versions.map((v: { version: number }) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(all).toMatchObject({ next_cursor: null, has_more: false });
    const first = (await versions(id, "?limit=2")).json;
    expect(first.versions.map((v: { version: number }) => v.version)).toEqual([5, 4]);
    const second = (await versions(id, `?limit=2&cursor=${first.next_cursor}`)).json;
    expect(second.versions.map((v: { version: number }) => v.version)).toEqual([3, 2]);
    const last = (await versions(id, `?limit=2&cursor=${second.next_cursor}`)).json;
    expect(last).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.versions.map((v: { version: number }) => v.version)).toEqual([1]);
    expect((await versions(id, "?cursor=bogus")).status).toBe(400);
    expect((await versions(id, "?limit=0")).json.errors[0].path).toBe("limit");
  });
});
