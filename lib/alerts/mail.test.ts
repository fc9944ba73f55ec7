import { afterAll, beforeAll, expect, it } from "vitest";
import { createRule } from "@/lib/alerts/db/rules";
import { claimDueMails } from "@/lib/alerts/db/mails";
import { evaluateOnce } from "@/lib/alerts/evaluator";
import { sendDueMails } from "@/lib/alerts/mail";
import { db } from "@/lib/core/client";
import { queueFigures } from "@/lib/core/queue-depth";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { callHooks } from "@/lib/engines/call-hooks";
import { statusRank } from "@/lib/calls/status";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@/lib/testing/smtp-server";

// Recorded as an engine's report is: with every feature's hook (alert minutes among them).
const ingest = (accountId: string, call: ResolvedCall) => upsertCall(accountId, call, callHooks(null));

// With SMTP_URL set, an incident is mailed to the rule's addresses when it opens and when it
// resolves, through an outbox: the mail is written with the incident, so a mail server that is down
// (or a sender that dies) delays it but never loses it. A real SMTP server on 127.0.0.1
// (lib/testing/smtp-server.ts) keeps what it receives, and refuses recipients while `down`.

let smtp: TestSmtpServer;
let received: ReceivedMail[];
let down = false;

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: () => down });
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
  await evaluateOnce({ now: T + 20 * 60_000 });
  await until(() => received.length === 2);
  expect(received[1].data).toContain("Subject: Resolved: Any failure");
});

const failedCall = (sid: string, at: number): ResolvedCall => ({
  call_sid: sid, remote_agent_id: "r", agent_id: "agent-down", name: "D", engine_id: "e1", from_number: "+14155550101", to_number: "+14155550199",
  duration: 3, recording_url: "", transcription: "", status: "failed", cost: 0, call_type: "outbound", created_at: new Date(at).toISOString(),
  updated_at: new Date(at).toISOString(), status_rank: statusRank("failed"),
  extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
});

it("keeps an incident's mail while the mail server refuses it, sends it once when it is back, and takes over a dead sender's claim", async () => {
  const { accountId } = await newAccountWithToken("Mail server down");
  const T = Math.floor(Date.now() / 60_000) * 60_000;
  const rule = await createRule(accountId, {
    name: "Down line", metric: "failed_calls", agent_id: "agent-down", comparator: "gt", threshold: 0, window_minutes: 10, relative: false,
    severity: "critical", notify: { emails: ["oncall@example.test"], webhook: false },
  });
  const mails = () => db().selectFrom("alert_mails as m").innerJoin("alert_incidents as i", "i.id", "m.incident_id")
    .select(["m.kind", "m.status", "m.attempts"]).where("i.rule_id", "=", rule.id).orderBy("m.created_at").execute();
  const mine = () => received.filter((m) => m.data.includes("Down line"));
  down = true;
  await ingest(accountId, failedCall("down-1", T - 60_000));
  await evaluateOnce({ now: T });
  await expect.poll(mails).toEqual([{ kind: "triggered", status: "pending", attempts: 1 }]); // refused, kept, retried later
  expect((await queueFigures()).find((q) => q.queue === "alert mail")?.depth).toBeGreaterThanOrEqual(1); // what /metrics shows
  down = false;
  await evaluateOnce({ now: T }); // not due yet: the retry waits its backoff
  expect(mine()).toHaveLength(0);
  await sendDueMails({ now: Date.now() + 60_000 });
  expect(mine()).toHaveLength(1);
  await sendDueMails({ now: Date.now() + 120_000 });
  expect(mine()).toHaveLength(1); // sent once
  expect(await mails()).toEqual([{ kind: "triggered", status: "sent", attempts: 2 }]);

  // The resolve's mail is claimed by a sender that dies before sending: once its lease lapses another sends it.
  down = true;
  await evaluateOnce({ now: T + 20 * 60_000 });
  await expect.poll(async () => (await mails())[1]).toMatchObject({ kind: "resolved", status: "pending", attempts: 1 });
  down = false;
  const dead = await claimDueMails(Date.now() + 60_000, 60_000);
  expect(dead.mails.map((m) => m.subject)).toContain("Resolved: Down line");
  await sendDueMails({ now: Date.now() + 90_000 });
  expect(mine()).toHaveLength(1); // still leased
  await sendDueMails({ now: Date.now() + 121_000 });
  expect(mine().map((m) => /Subject: (.*)/.exec(m.data)?.[1])).toEqual(["[critical] Alert: Down line", "Resolved: Down line"]);
});
