import { beforeAll, describe, expect, it } from "vitest";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { HISTORY_PER_TOOL, listToolTests, recordToolTest, STORED_RESPONSE_CHARS, type NewToolTest } from "./tool-tests";
import { createTools, deleteTool, getTool } from "./tools";

let accountId = "";
let other = "";

beforeAll(async () => {
  await useTempDatabase();
  accountId = (await newAccountWithToken("A")).accountId;
  other = (await newAccountWithToken("B")).accountId;
});

const newTool = async (name: string) =>
  (await createTools(accountId, [{ name, description: "d", parameters: { type: "object" }, method: "POST", url: "https://x.example.test/", category: "custom", tags: [] }]))[0].id;

const run = (testedAt: string, status = "success", extra: Partial<NewToolTest> = {}): NewToolTest => ({
  test_status: status, http_status: 200, message: "ok", request_url: "https://x.example.test/", request_method: "POST",
  test_params: {}, response_data: { ok: true }, tested_at: testedAt, duration_ms: 5, ...extra,
});

describe("recordToolTest", () => {
  it(`keeps the last ${HISTORY_PER_TOOL} runs per tool, newest first, without touching other tools`, async () => {
    const busy = await newTool("busy");
    const quiet = await newTool("quiet");
    await recordToolTest(accountId, quiet, run("2025-01-01T00:00:00.000Z"));
    for (let i = 0; i < HISTORY_PER_TOOL + 5; i++) {
      await recordToolTest(accountId, busy, run(new Date(Date.UTC(2025, 0, 2, 0, 0, i)).toISOString(), "success", { duration_ms: i }));
    }
    const history = await listToolTests(accountId, busy, 1000);
    expect(history).toHaveLength(HISTORY_PER_TOOL);
    expect(history[0].duration_ms).toBe(HISTORY_PER_TOOL + 4);
    expect(history.at(-1)!.duration_ms).toBe(5);
    expect(await listToolTests(accountId, quiet)).toHaveLength(1);
    expect(await listToolTests(accountId, busy)).toHaveLength(20);
  });

  it("never moves lastTested back when an earlier-started test finishes last", async () => {
    const id = await newTool("overlap");
    await recordToolTest(accountId, id, run("2025-02-01T00:00:02.000Z", "error"));
    await recordToolTest(accountId, id, run("2025-02-01T00:00:01.000Z", "success"));
    expect(await getTool(accountId, id)).toMatchObject({ lastTested: "2025-02-01T00:00:02.000Z", testStatus: "error" });
    expect(await listToolTests(accountId, id)).toHaveLength(2);
  });

  it("stores a readable slice of a large answer", async () => {
    const id = await newTool("big_answer");
    await recordToolTest(accountId, id, run("2025-03-01T00:00:00.000Z", "success", { response_data: { blob: "z".repeat(100_000) } }));
    const [stored] = await listToolTests(accountId, id);
    expect(stored.response_data).toMatchObject({ truncated: true });
    expect((stored.response_data!.raw as string).length).toBe(STORED_RESPONSE_CHARS);
  });

  it("records nothing for a deleted tool or another account's tool", async () => {
    const id = await newTool("short_lived");
    expect(await recordToolTest(other, id, run("2025-04-01T00:00:00.000Z"))).toBe(false);
    expect(await listToolTests(other, id)).toEqual([]);
    expect(await getTool(accountId, id)).toMatchObject({ testStatus: "untested" });
    await deleteTool(accountId, id);
    expect(await recordToolTest(accountId, id, run("2025-04-01T00:00:00.000Z"))).toBe(false);
  });
});
