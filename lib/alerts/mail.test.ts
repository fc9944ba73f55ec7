import { afterAll, beforeAll, expect, it } from "vitest";
import { createRule } from "@/lib/alerts/db/rules";
import { evaluateOnce } from "@/lib/alerts/evaluator";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { callHooks } from "@/lib/engines/call-hooks";
import { statusRank } from "@/lib/calls/status";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@/lib/testing/smtp-server";

// Recorded as an engine's report is: with every feature's hook (alert minutes among them).
const ingest = (accountId: string, call: ResolvedCall) => upsertCall(accountId, call, callHooks(null));

// With SMTP_URL set, an incident is mailed to the rule's addresses when it opens and when it
// resolves. A real SMTP server on 127.0.0.1 (lib/testing/smtp-server.ts) keeps what it receives.

let smtp: TestSmtpServer;
let received: ReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  await useTempDatabase({ SMTP_URL: smtp.url, SMTP_FROM: "Voxdesk <alerts@voxdesk.test>", LOG_LEVEL: "silent" });
});
afterAll(() => smtp.close());

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
};

it("mails the rule's addresses when an incident opens and when it resolves", async () => {
  const { accountId } = await newAccountWithToken("Mailed alerts");
  const T = Math.floor(Date.now() / 60_000) * 60_000;
  await createRule(accountId, {
    name: "Any failure", metric: "failed_calls", comparator: "gt", threshold: 0, window_minutes: 10, relative: false, severity: "warning",
    notify: { emails: ["oncall@example.test", "lead@example.test"], webhook: false },
  });
  await ingest(accountId, {
    call_sid: "mail-fail", remote_agent_id: "r", agent_id: "agent-m", name: "M", engine_id: "e1", from_number: "+14155550101", to_number: "+14155550199",
    duration: 3, recording_url: "", transcription: "", status: "failed", cost: 0, call_type: "outbound", created_at: new Date(T - 60_000).toISOString(),
    updated_at: new Date(T - 60_000).toISOString(), status_rank: statusRank("failed"),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
  });
  expect((await evaluateOnce({ now: T })).opened).toHaveLength(1);
  await until(() => received.length === 1);
  expect(received[0].to.sort()).toEqual(["lead@example.test", "oncall@example.test"]);
  expect(received[0].data).toContain("Subject: [warning] Alert: Any failure");
  expect(received[0].data).toContain("mail-fail");
  expect((await evaluateOnce({ now: T + 20 * 60_000 })).resolved).toHaveLength(1);
  await until(() => received.length === 2);
  expect(received[1].data).toContain("Subject: Resolved: Any failure");
});
