import { beforeAll, describe, expect, it } from "vitest";
import { newAccountWithToken, usingPostgres, useTempDatabase } from "@/lib/testing/harness";
import { insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { countCalls, inBulkTransaction, rawCallTotals, rollupTotals } from "./operator";

const call = (sid: string): NewCall => ({
  call_sid: sid, agent_id: "a1", name: "A", from_number: "+14155550101", to_number: "+14155550102", duration: 30,
  recording_url: "", transcription: "Agent: hi", status: "completed", cost: 0.05, call_type: "inbound",
  created_at: "2025-03-01T10:00:00.000Z",
});

let accountId: string;
beforeAll(async () => {
  await useTempDatabase();
  accountId = (await newAccountWithToken()).accountId;
});

describe("inBulkTransaction", () => {
  it("commits several insertCalls chunks together", async () => {
    await inBulkTransaction(async () => {
      await insertCalls(accountId, [call("a"), call("b")]);
      await insertCalls(accountId, [call("c"), call("a")]);
    });
    expect(await countCalls(accountId)).toBe(3);
    const [rollup, raw] = [await rollupTotals(accountId), await rawCallTotals(accountId)];
    expect([rollup.calls, rollup.completed, rollup.duration]).toEqual([3, 3, 90]);
    expect(rollup.cost).toBeCloseTo(raw.cost, 9);
  });

  it.skipIf(usingPostgres())("SQLite: rolls every chunk back, rollup included, when a later step fails", async () => {
    await expect(inBulkTransaction(async () => {
      await insertCalls(accountId, [call("d"), call("e")]);
      throw new Error("disk full");
    })).rejects.toThrow("disk full");
    expect(await countCalls(accountId)).toBe(3);
    expect((await rollupTotals(accountId)).calls).toBe(3);
    // The connection is usable afterwards, outside any transaction.
    expect(await insertCalls(accountId, [call("d")])).toEqual({ inserted: 1, skipped: 0 });
  });

  it.runIf(usingPostgres())("PostgreSQL: keeps chunks committed before a failure; a re-run completes without duplicates", async () => {
    await expect(inBulkTransaction(async () => {
      await insertCalls(accountId, [call("d"), call("e")]);
      throw new Error("disk full");
    })).rejects.toThrow("disk full");
    expect(await countCalls(accountId)).toBe(5);
    expect(await insertCalls(accountId, [call("d"), call("e"), call("f")])).toEqual({ inserted: 1, skipped: 2 });
    expect((await rollupTotals(accountId)).calls).toBe(6);
  });
});
