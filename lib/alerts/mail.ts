import "server-only";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import { config } from "@/lib/core/config";
import { recordJob } from "@/lib/core/metrics";
import type { DB } from "@/lib/core/tables";
import { logError } from "@/lib/http/log";
import { claimDueMails, finishMail, queueMail } from "./db/mails";
import type { Rule } from "./schema";

// Alert mail when SMTP_URL is set (the same nodemailer transport as invite links,
// lib/people/member-link-mail.ts), through an outbox as webhooks are: the incident's transaction
// writes the mail (db/mails.ts), and senders deliver it after commit and on every evaluator tick,
// retrying with backoff. The mail is written once; the SMTP send may happen more than once (a sender
// that dies after the server accepted the mail and before recording it): each copy carries the same
// Message-ID, so mail clients show one.

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
/** 30 s, 1, 2, 4 … minutes, at most an hour. */
const backoff = (attempts: number) => Math.min(30_000 * 2 ** attempts, 3_600_000);

export interface IncidentChange { kind: "triggered" | "resolved"; incidentId: string; value: number | null; at: string; callSids: string[] }

/** The mail of an incident change, written by `trx` (the incident's); nothing when SMTP is off or the rule mails no one. */
export async function queueIncidentMail(trx: Kysely<DB>, accountId: string, rule: Rule, e: IncidentChange): Promise<boolean> {
  if (!config().SMTP_URL || rule.notify.emails.length === 0) return false;
  const subject = e.kind === "triggered" ? `[${rule.severity}] Alert: ${rule.name}` : `Resolved: ${rule.name}`;
  const value = e.value === null ? "no value" : String(Math.round(e.value * 100) / 100);
  const body = `${subject}\n\n${rule.metric}${rule.relative ? " (change, %)" : ""} over ${rule.window_minutes} min is ${value} `
    + `(threshold: ${rule.comparator === "gt" ? ">" : "<"} ${rule.threshold}) at ${e.at}.\n`
    + (e.callSids.length ? `\nCalls counting toward it:\n${e.callSids.join("\n")}\n` : "");
  await queueMail(trx, { accountId, incidentId: e.incidentId, kind: e.kind, to: rule.notify.emails, subject, body });
  return true;
}

/** Sends the due mails of every account; `now` (tests) moves the clock that makes retries due. */
export async function sendDueMails(opts: { now?: number } = {}): Promise<{ sent: number; failed: number }> {
  const { SMTP_URL, SMTP_FROM } = config();
  const out = { sent: 0, failed: 0 };
  if (!SMTP_URL) return out;
  const { token, mails } = await claimDueMails(opts.now ?? Date.now(), LEASE_MS);
  if (mails.length === 0) return out;
  const url = new URL(SMTP_URL);
  url.searchParams.set("connectionTimeout", "10000");
  url.searchParams.set("socketTimeout", "10000");
  const transport = nodemailer.createTransport(url.toString());
  for (const m of mails) {
    try {
      await transport.sendMail({ from: SMTP_FROM, to: JSON.parse(m.recipients) as string[], subject: m.subject, text: m.body, messageId: `<alert-${m.id}@voxdesk>` });
      if (await finishMail(m.id, token, { sent: true, at: new Date().toISOString() })) recordJob("alert mail", "done");
      out.sent++;
    } catch (err) {
      const error = (err as Error).message?.split("\n")[0] ?? "send failed";
      const last = m.attempts + 1 >= MAX_ATTEMPTS;
      logError("alert mail failed", { mail: m.id, attempt: m.attempts + 1, final: last, err: new Error(error) });
      if (await finishMail(m.id, token, { sent: false, error, retryAt: last ? null : (opts.now ?? Date.now()) + backoff(m.attempts) })) {
        recordJob("alert mail", last ? "failed" : "retried");
      }
      out.failed++;
    }
  }
  transport.close();
  return out;
}
