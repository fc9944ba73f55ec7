import "server-only";
import { getAgent } from "@/lib/agents/db";
import { getVersion } from "@/lib/agents/versions/db";
import { AppError, notFound } from "@/lib/http/errors";
import { createRun, getRun, lastFinishedRuns, listRuns, type ResultRow, type RunRow } from "./db/runs";
import { countTests, deleteTest, getTest, insertTest, listTests, updateTest } from "./db/tests";
import type { CreateTestBody, TranscriptEntry } from "./schema";

// Agent test cases and their runs. Runs are played by the background worker
// (worker-loop.ts); this queues them and shows their progress and results.

async function agentOr404(accountId: string, agentId: string) {
  const agent = await getAgent(accountId, agentId);
  if (!agent) throw notFound("Agent");
  return agent;
}

/** Tests per agent: a run plays them all, each a provider conversation, so a run stays minutes, not hours. */
export const MAX_TESTS_PER_AGENT = 100;

export async function createTest(accountId: string, agentId: string, body: CreateTestBody) {
  await agentOr404(accountId, agentId);
  if ((await countTests(accountId, agentId)) >= MAX_TESTS_PER_AGENT) {
    throw new AppError(409, `The agent already has ${MAX_TESTS_PER_AGENT} tests, the most it may have: delete one first`);
  }
  return insertTest(accountId, agentId, body);
}

export async function testsOf(accountId: string, agentId: string) {
  await agentOr404(accountId, agentId);
  return { tests: await listTests(accountId, agentId) };
}

export async function testOf(accountId: string, agentId: string, testId: string) {
  const test = await getTest(accountId, agentId, testId);
  if (!test) throw notFound("Test");
  return test;
}

/** The whole test replaced by `body` (the create shape); another account's or agent's test is a 404. */
export async function replaceTest(accountId: string, agentId: string, testId: string, body: CreateTestBody) {
  const test = await updateTest(accountId, agentId, testId, body);
  if (!test) throw notFound("Test");
  return test;
}

export async function removeTest(accountId: string, agentId: string, testId: string) {
  if (!(await deleteTest(accountId, agentId, testId))) throw notFound("Test");
  return { test_id: testId, status: "deleted" };
}

/** Queues every test of the agent against `version` (the latest when undefined). */
export async function startRun(accountId: string, agentId: string, version: number | undefined) {
  const agent = await agentOr404(accountId, agentId);
  const v = version ?? agent.version;
  if (version !== undefined && !(await getVersion(accountId, agentId, version))) {
    throw new AppError(404, "Version not found", { errors: [{ path: "version", message: `the agent has no version ${version}` }] });
  }
  const tests = await listTests(accountId, agentId);
  if (tests.length === 0) throw new AppError(409, "The agent has no tests to run: add one with POST /api/agent/{id}/tests");
  const run = await createRun(accountId, agentId, v, tests);
  return { run_id: run.id, version: v, total: run.total };
}

const summary = (r: RunRow) => ({
  run_id: r.id, version: r.version, status: r.status, total: r.total, done: r.done, passed: r.passed,
  created_at: r.created_at, finished_at: r.finished_at,
});

const result = (r: ResultRow) => ({
  test_id: r.test_id, name: r.name, state: r.state,
  passed: r.passed === null ? null : r.passed === 1,
  errored: r.errored === 1,
  failures: r.failures ? (JSON.parse(r.failures) as string[]) : [],
  transcript: r.transcript ? (JSON.parse(r.transcript) as TranscriptEntry[]) : [],
});

export async function runOf(accountId: string, agentId: string, runId: string) {
  const found = await getRun(accountId, agentId, runId);
  if (!found) throw notFound("Run");
  return { ...summary(found.run), results: found.results.map(result) };
}

export async function runsOf(accountId: string, agentId: string, limit: number | undefined, cursor: string | undefined) {
  await agentOr404(accountId, agentId);
  const page = await listRuns(accountId, agentId, limit ?? 50, cursor);
  return { runs: page.items.map(summary), next_cursor: page.next_cursor, has_more: page.has_more };
}

/** The versions list's `tests`: each version's last finished run, null for a version never tested. */
export async function lastRunsOf(accountId: string, agentId: string, versions: number[]) {
  const runs = await lastFinishedRuns(accountId, agentId, versions);
  return (v: number) => {
    const r = runs.get(v);
    return r ? { run_id: r.id, status: r.status, passed: r.passed, total: r.total, finished_at: r.finished_at } : null;
  };
}
