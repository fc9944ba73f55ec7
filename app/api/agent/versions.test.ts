import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";
import * as versionsRoute from "./[id]/versions/route";
import * as versionRoute from "./[id]/versions/[n]/route";
import * as restoreRoute from "./[id]/versions/[n]/restore/route";
import * as diffRoute from "./[id]/diff/route";

// Every change of an agent's content is an immutable numbered version.

let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
type Agent = ReturnType<typeof bolnaExampleAgent>;

const create = async (body: Agent = bolnaExampleAgent()) => {
  const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
  expect(res.status).toBe(201);
  return res.json.agent_id as string;
};
const put = (id: string, body: unknown, token = a.token) => call(agentById.PUT, "PUT", `/api/agent/${id}`, { token, params: { id }, body });
const getAgent = async (id: string) => (await call(agentById.GET, "GET", `/api/agent/${id}`, { token: a.token, params: { id } })).json;
const versions = (id: string, token = a.token) => call(versionsRoute.GET, "GET", `/api/agent/${id}/versions`, { token, params: { id } });
const version = (id: string, n: string | number, token = a.token) =>
  call(versionRoute.GET, "GET", `/api/agent/${id}/versions/${n}`, { token, params: { id, n: String(n) } });
const note = (id: string, n: string | number, body: unknown, token = a.token) =>
  call(versionRoute.PATCH, "PATCH", `/api/agent/${id}/versions/${n}`, { token, params: { id, n: String(n) }, body });
const restore = (id: string, n: string | number, token = a.token) =>
  call(restoreRoute.POST, "POST", `/api/agent/${id}/versions/${n}/restore`, { token, params: { id, n: String(n) } });
const diff = (id: string, qs: string, token = a.token) => call(diffRoute.GET, "GET", `/api/agent/${id}/diff?${qs}`, { token, params: { id } });

const LONG_PROMPT = ["You are Alfred, Bruce Wayne's butler.", "Greet the caller by name.", "Never reveal the cave.", "Offer tea."].join("\n");

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("Versions A");
  b = await newAccountWithToken("Versions B");
});

describe("agent versions", () => {
  it("POST creates version 1; an equal PUT (key order aside) creates none; a changed PUT creates the next", async () => {
    const sent = bolnaExampleAgent();
    const id = await create(sent);
    const first = await getAgent(id);
    expect(first.version).toBe(1);
    let list = (await versions(id)).json.versions;
    expect(list).toEqual([{ version: 1, created_at: first.updated_at, created_by: expect.stringMatching(/^key /), note: null,
      calls: null, analyzed: null, success_rate: null, average_duration: null, cost_per_call: null, tests: null }]);

    // Same content with keys in another order: nothing written, updated_at unchanged.
    const reordered = Object.fromEntries(Object.entries(sent.agent_config).reverse());
    const same = await put(id, { agent_prompts: sent.agent_prompts, agent_config: reordered });
    expect(same.json).toEqual({ agent_id: id, status: "updated" });
    expect((await getAgent(id))).toMatchObject({ version: 1, updated_at: first.updated_at });
    expect((await versions(id)).json.versions).toHaveLength(1);

    const changed = bolnaExampleAgent();
    changed.agent_config.agent_welcome_message = "Good evening, Master Wayne.";
    expect((await put(id, changed)).json).toEqual({ agent_id: id, status: "updated" });
    const latest = await getAgent(id);
    expect(latest.version).toBe(2);
    expect(latest.agent_config.agent_welcome_message).toBe("Good evening, Master Wayne.");
    list = (await versions(id)).json.versions;
    expect(list.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list[0].created_at).toBe(latest.updated_at);
  });

  it("GET version n answers that version's content in GET /api/agent/{id}'s shape", async () => {
    const id = await create();
    const changed = bolnaExampleAgent();
    changed.agent_prompts.task_1.system_prompt = "Changed.";
    await put(id, changed);
    const v1 = await version(id, 1);
    expect(v1.status).toBe(200);
    expect(v1.json.version).toBe(1);
    expect(v1.json.agent_prompts).toEqual(bolnaExampleAgent().agent_prompts);
    expect(v1.json.agent_config).toEqual(bolnaExampleAgent().agent_config);
    expect(v1.json.deployments).toEqual([]);
    const latest = await getAgent(id);
    expect(Object.keys(v1.json).sort()).toEqual([...Object.keys(latest), "created_by", "note"].sort());
    expect((await version(id, 2)).json.agent_prompts.task_1.system_prompt).toBe("Changed.");
    for (const bad of [3, 0, "abc", "1.5"]) expect((await version(id, bad)).status).toBe(404);
  });

  it("PATCH labels a version (at most 200 characters) and nothing else", async () => {
    const id = await create();
    const res = await note(id, 1, { note: "  First cut  " });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ version: 1, note: "First cut" });
    expect((await versions(id)).json.versions[0].note).toBe("First cut");
    expect((await version(id, 1)).json.note).toBe("First cut");
    const long = await note(id, 1, { note: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain("note");
    expect((await note(id, 1, { note: "ok", version: 5 })).status).toBe(400);
    expect((await note(id, 7, { note: "nope" })).status).toBe(404);
    expect((await note(id, 1, { note: null })).json.note).toBeNull();
  });

  it("diff names each changed value by its path, long strings also line by line", async () => {
    const v1 = bolnaExampleAgent();
    v1.agent_prompts.task_1.system_prompt = LONG_PROMPT;
    const id = await create(v1);
    const v2 = bolnaExampleAgent();
    v2.agent_prompts.task_1.system_prompt = LONG_PROMPT;
    v2.agent_config.tasks[0].task_config.hangup_after_silence = 20;
    await put(id, v2);
    const v3 = structuredClone(v2) as Agent & { agent_config: Record<string, unknown> };
    v3.agent_prompts.task_1.system_prompt = LONG_PROMPT.replace("Never reveal the cave.", "Never mention the cave.");
    delete (v3.agent_prompts.task_1 as Record<string, unknown>).extra_note;
    v3.agent_config.tasks[0].tools_config.custom_member.anything.push(3);
    await put(id, v3);

    const res = await diff(id, "from=1&to=3");
    expect(res.status).toBe(200);
    const byPath = Object.fromEntries(res.json.changes.map((c: { path: string }) => [c.path, c]));
    expect(Object.keys(byPath).sort()).toEqual([
      "agent_config.tasks[0].task_config.hangup_after_silence",
      "agent_config.tasks[0].tools_config.custom_member.anything[2]",
      "agent_prompts.task_1.extra_note",
      "agent_prompts.task_1.system_prompt",
    ]);
    expect(byPath["agent_config.tasks[0].task_config.hangup_after_silence"]).toEqual({
      path: "agent_config.tasks[0].task_config.hangup_after_silence", op: "replace", before: 10, after: 20 });
    expect(byPath["agent_config.tasks[0].tools_config.custom_member.anything[2]"]).toEqual({
      path: "agent_config.tasks[0].tools_config.custom_member.anything[2]", op: "add", after: 3 });
    expect(byPath["agent_prompts.task_1.extra_note"]).toEqual({ path: "agent_prompts.task_1.extra_note", op: "remove", before: "kept" });
    const prompt = byPath["agent_prompts.task_1.system_prompt"];
    expect(prompt).toMatchObject({ op: "replace", before: LONG_PROMPT, after: v3.agent_prompts.task_1.system_prompt });
    expect(prompt.lines).toEqual([
      { op: " ", text: "You are Alfred, Bruce Wayne's butler." },
      { op: " ", text: "Greet the caller by name." },
      { op: "-", text: "Never reveal the cave." },
      { op: "+", text: "Never mention the cave." },
      { op: " ", text: "Offer tea." },
    ]);
    // The words that changed, not the whole line: the rest of the text is kept as it reads.
    expect(prompt.words).toEqual([
      { op: " ", text: "You are Alfred, Bruce Wayne's butler.\nGreet the caller by name.\nNever " },
      { op: "-", text: "reveal" }, { op: "+", text: "mention" },
      { op: " ", text: " the cave.\nOffer tea." },
    ]);
    // A short value carries no line diff; the same version twice has no changes.
    expect(byPath["agent_config.tasks[0].task_config.hangup_after_silence"].lines).toBeUndefined();
    expect((await diff(id, "from=2&to=2")).json.changes).toEqual([]);
    const reverse = (await diff(id, "from=3&to=1")).json.changes;
    expect(reverse.find((c: { path: string }) => c.path === "agent_prompts.task_1.extra_note")).toMatchObject({ op: "add", after: "kept" });
  });

  it("diff: a bad query is a 400 naming the field, a missing version a 404", async () => {
    const id = await create();
    for (const [qs, field] of [["from=x&to=1", "from"], ["from=1", "to"], ["from=1&to=0", "to"], ["from=1&to=1&x=2", "x"]]) {
      const res = await diff(id, qs);
      expect(res.status, qs).toBe(400);
      expect(res.json.message, qs).toContain(field);
    }
    expect((await diff(id, "from=1&to=9")).status).toBe(404);
  });

  it("restore makes version n's content the newest version, history linear", async () => {
    const id = await create();
    const v2 = bolnaExampleAgent();
    v2.agent_config.agent_welcome_message = "Two";
    await put(id, v2);
    const v3 = bolnaExampleAgent();
    v3.agent_config.agent_welcome_message = "Three";
    await put(id, v3);
    const res = await restore(id, 1);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ agent_id: id, status: "restored", version: 4, restored_from: 1 });
    const latest = await getAgent(id);
    expect(latest.version).toBe(4);
    expect(latest.agent_config).toEqual(bolnaExampleAgent().agent_config);
    expect((await diff(id, "from=1&to=4")).json.changes).toEqual([]);
    expect((await versions(id)).json.versions.map((v: { version: number; note: string | null }) => [v.version, v.note]))
      .toEqual([[4, "Restored from v1"], [3, null], [2, null], [1, null]]);
    expect((await restore(id, 9)).status).toBe(404);
    // A PUT equal to the restored content creates nothing more.
    await put(id, bolnaExampleAgent());
    expect((await getAgent(id)).version).toBe(4);
  });

  it("concurrent changes each get their own version, none lost or doubled; deleting the agent drops its versions", async () => {
    const id = await create();
    const bodies = [1, 2, 3, 4, 5].map((i) => {
      const body = bolnaExampleAgent();
      body.agent_config.agent_welcome_message = `Welcome ${i}`;
      return body;
    });
    const answers = await Promise.all(bodies.map((body) => put(id, body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const list = (await versions(id)).json.versions.map((v: { version: number }) => v.version);
    expect(list).toEqual([6, 5, 4, 3, 2, 1]);
    const latest = await getAgent(id);
    expect((await version(id, 6)).json.agent_config.agent_welcome_message).toBe(latest.agent_config.agent_welcome_message);
    expect((await call(agentById.DELETE, "DELETE", `/api/agent/${id}`, { token: a.token, params: { id } })).status).toBe(200);
    expect((await versions(id)).status).toBe(404);
    expect((await version(id, 1)).status).toBe(404);
  });

  it("another account's agent is a 404 on every versions endpoint, and nothing changes", async () => {
    const id = await create();
    expect((await versions(id, b.token)).status).toBe(404);
    expect((await version(id, 1, b.token)).status).toBe(404);
    expect((await note(id, 1, { note: "mine now" }, b.token)).status).toBe(404);
    expect((await restore(id, 1, b.token)).status).toBe(404);
    expect((await diff(id, "from=1&to=1", b.token)).status).toBe(404);
    expect((await put(id, bolnaExampleAgent(), b.token)).status).toBe(404);
    const list = (await versions(id)).json.versions;
    expect(list).toHaveLength(1);
    expect(list[0].note).toBeNull();
  });
});
