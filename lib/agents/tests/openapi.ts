import { z } from "zod";
import { AgentIdParams } from "@/lib/agents/schema";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { timestamp } from "@/lib/openapi/responses";
import { CreateTestBody, RunBody, RunParams, TestParams } from "./schema";

// OpenAPI entries of agent test cases and runs, merged into agentPaths.

const Test = z.object({
  test_id: z.string(), name: z.string(), variables: z.record(z.string(), z.string()), turns: z.array(z.string()),
  expect: z.array(z.unknown()).describe("The expectations as sent"), created_at: timestamp("When the test was created"),
}).meta({ id: "AgentTest" });

const RunStatus = z.enum(["running", "passed", "failed", "error"])
  .describe("passed: every test passed; error: every test ended on an error (no AI provider, the provider failed); failed: otherwise");
const RunSummary = z.object({
  run_id: z.string(), version: z.number().int().describe("The agent version tested"), status: RunStatus,
  total: z.number().int(), done: z.number().int(), passed: z.number().int(),
  created_at: timestamp("When the run was asked for"), finished_at: timestamp("When its last test ended").nullable(),
}).meta({ id: "AgentTestRunSummary" });
const Entry = z.object({
  role: z.enum(["user", "assistant", "tool"]), content: z.string(),
  tool: z.object({ name: z.string(), args: z.record(z.string(), z.unknown()), ok: z.boolean(), http_status: z.number().int().nullable(), response: z.unknown() })
    .optional().describe("On tool lines: the call the agent made and what the tool answered"),
});
const Result = z.object({
  test_id: z.string(), name: z.string(), state: z.enum(["queued", "running", "done"]),
  passed: z.boolean().nullable().describe("null until the test has been played"),
  errored: z.boolean().describe("The conversation ended on an error (its message is the failure)"),
  failures: z.array(z.string()).describe("One line per unmet expectation, naming it (`expect[i] type: …`)"),
  transcript: z.array(Entry),
});
const Run = RunSummary.extend({ results: z.array(Result) }).meta({ id: "AgentTestRun" });

const NO_AGENT = "No agent with this id in the caller's account";

export function agentTestPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/agent/{id}/tests": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "listAgentTests", summary: "List an agent's test cases", description: "Oldest first, the order a run plays them in.",
        params: AgentIdParams, responses: { 200: { description: "The tests", schema: z.object({ tests: z.array(Test) }) } }, errors: { 404: NO_AGENT },
      }),
      post: operation(r, "post", {
        tag: "Agents", operationId: "createAgentTest", summary: "Add a test case",
        description: "A scripted conversation (the caller's turns) and what must happen in it: a tool called (with these arguments), a reply containing a text or matching a pattern, or criteria the account's AI provider judges.",
        params: AgentIdParams, body: CreateTestBody,
        bodyExample: { name: "Books a table", variables: { name: "Ann" }, turns: ["A table for two tonight, please"], expect: [{ type: "tool_called", tool: "book_table", args: { people: 2 } }, { type: "reply_contains", text: "booked" }] },
        responses: { 201: { description: "Created", schema: Test } }, errors: { 404: NO_AGENT, 409: "The agent already has 100 tests, the most it may have" },
      }),
    },
    "/agent/{id}/tests/{test_id}": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "getAgentTest", summary: "Get a test case", params: TestParams,
        responses: { 200: { description: "The test", schema: Test } }, errors: { 404: "No such test of this agent in the caller's account" },
      }),
      put: operation(r, "put", {
        tag: "Agents", operationId: "updateAgentTest", summary: "Edit a test case",
        description: "Replaces the test's name, variables, turns and expectations (the create body, whole). Runs already started keep the test as it was.",
        params: TestParams, body: CreateTestBody,
        bodyExample: { name: "Books a table for two", variables: {}, turns: ["A table for two tonight, please"], expect: [{ type: "tool_called", tool: "book_table", args: { people: 2 } }, { type: "reply_matches", pattern: "booked|confirmed" }] },
        responses: { 200: { description: "The test as saved", schema: Test } }, errors: { 404: "No such test of this agent in the caller's account" },
      }),
      delete: operation(r, "delete", {
        tag: "Agents", operationId: "deleteAgentTest", summary: "Delete a test case", description: "Finished runs keep its result.", params: TestParams,
        responses: { 200: { description: "Deleted", schema: z.object({ test_id: z.string(), status: z.literal("deleted") }) } },
        errors: { 404: "No such test of this agent in the caller's account" },
      }),
    },
    "/agent/{id}/tests/run": {
      post: operation(r, "post", {
        tag: "Agents", operationId: "runAgentTests", summary: "Run an agent's tests",
        description: "Plays every test against the version (the latest when absent) in the background, through the test chat: the account's AI provider answers, tools are called for real. The body is optional. Poll GET …/tests/runs/{run_id}.",
        params: AgentIdParams, body: RunBody, bodyExample: { version: 3 },
        responses: { 202: { description: "Queued", schema: z.object({ run_id: z.string(), version: z.number().int(), total: z.number().int() }) } },
        errors: { 404: "No agent with this id in the caller's account, or no such version", 409: "The agent has no tests" },
      }),
    },
    "/agent/{id}/tests/runs": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "listAgentTestRuns", summary: "List test runs", description: "Newest first, a keyset page.",
        params: AgentIdParams, query: PageQuery,
        responses: { 200: { description: "The runs", schema: z.object({ runs: z.array(RunSummary), next_cursor: z.string().nullable(), has_more: z.boolean() }) } },
        errors: { 404: NO_AGENT },
      }),
    },
    "/agent/{id}/tests/runs/{run_id}": {
      get: operation(r, "get", {
        tag: "Agents", operationId: "getAgentTestRun", summary: "Get a test run", description: "Progress and each test's result, failures and conversation.",
        params: RunParams, responses: { 200: { description: "The run", schema: Run } }, errors: { 404: "No such run of this agent in the caller's account" },
      }),
    },
  };
}
