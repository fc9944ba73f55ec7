import "server-only";
import { db } from "@/lib/core/client";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { AgentTestsTable } from "../tables";
import type { CreateTestBody, Expectation } from "../schema";

// The SQL of agent test cases. Every query names the account and the agent.

export interface TestRecord {
  test_id: string; name: string; variables: Record<string, string>; turns: string[]; expect: Expectation[]; created_at: string;
}

export const toTest = (r: AgentTestsTable): TestRecord => ({
  test_id: r.id, name: r.name, variables: JSON.parse(r.variables), turns: JSON.parse(r.turns), expect: JSON.parse(r.expect), created_at: r.created_at,
});

export async function insertTest(accountId: string, agentId: string, t: CreateTestBody): Promise<TestRecord> {
  const row: AgentTestsTable = {
    id: uuid7Batch(1)[0], account_id: accountId, agent_id: agentId, name: t.name,
    variables: JSON.stringify(t.variables), turns: JSON.stringify(t.turns), expect: JSON.stringify(t.expect), created_at: new Date().toISOString(),
  };
  await db().insertInto("agent_tests").values(row).execute();
  return toTest(row);
}

/** Oldest first: the order a run plays them in. */
export async function listTests(accountId: string, agentId: string): Promise<TestRecord[]> {
  const rows = await db().selectFrom("agent_tests").selectAll()
    .where("account_id", "=", accountId).where("agent_id", "=", agentId)
    .orderBy("created_at").orderBy("id").execute();
  return rows.map(toTest);
}

export async function countTests(accountId: string, agentId: string): Promise<number> {
  const row = await db().selectFrom("agent_tests").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getTest(accountId: string, agentId: string, testId: string): Promise<TestRecord | undefined> {
  const row = await db().selectFrom("agent_tests").selectAll()
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("id", "=", testId).executeTakeFirst();
  return row && toTest(row);
}

/** Replaces a test's name, variables, turns and expectations in one statement (runs already queued keep their copy). */
export async function updateTest(accountId: string, agentId: string, testId: string, t: CreateTestBody): Promise<TestRecord | undefined> {
  const row = await db().updateTable("agent_tests")
    .set({ name: t.name, variables: JSON.stringify(t.variables), turns: JSON.stringify(t.turns), expect: JSON.stringify(t.expect) })
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("id", "=", testId)
    .returningAll().executeTakeFirst();
  return row && toTest(row);
}

export async function deleteTest(accountId: string, agentId: string, testId: string): Promise<boolean> {
  const res = await db().deleteFrom("agent_tests")
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("id", "=", testId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
