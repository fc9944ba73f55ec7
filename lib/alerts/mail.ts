import "server-only";
import nodemailer from "nodemailer";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import type { Rule } from "./schema";

// Alert mail when SMTP_URL is set (the same nodemailer transport as invite links,
// lib/people/member-link-mail.ts). Best effort, after the incident's transaction committed: only the
// evaluator that opened or resolved the incident sends, and a mail failure is logged, never retried.

export async function mailIncident(rule: Rule, e: { kind: "triggered" | "resolved"; value: number | null; at: string; callSids: string[] }): Promise<boolean> {
  const { SMTP_URL, SMTP_FROM } = config();
  if (!SMTP_URL || rule.notify.emails.length === 0) return false;
  try {
    const url = new URL(SMTP_URL);
    url.searchParams.set("connectionTimeout", "10000");
    url.searchParams.set("socketTimeout", "10000");
    const transport = nodemailer.createTransport(url.toString());
    const what = e.kind === "triggered" ? `[${rule.severity}] Alert: ${rule.name}` : `Resolved: ${rule.name}`;
    const value = e.value === null ? "no value" : String(Math.round(e.value * 100) / 100);
    const text = `${what}\n\n${rule.metric}${rule.relative ? " (change, %)" : ""} over ${rule.window_minutes} min is ${value} `
      + `(threshold: ${rule.comparator === "gt" ? ">" : "<"} ${rule.threshold}) at ${e.at}.\n`
      + (e.callSids.length ? `\nCalls counting toward it:\n${e.callSids.join("\n")}\n` : "");
    await transport.sendMail({ from: SMTP_FROM, to: rule.notify.emails, subject: what, text });
    return true;
  } catch (err) {
    logError("alert mail failed", { rule: rule.rule_id, err: new Error((err as Error).message?.split("\n")[0] ?? "send failed") });
    return false;
  }
}
