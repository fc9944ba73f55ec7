import "server-only";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "@/lib/core/client";
import type { DB } from "@/lib/core/tables";
import { uuid7Batch } from "@/lib/core/uuid7";

// Alert mail's outbox (migration 0029). A row is written by the transaction that opens or resolves
// the incident, so the mail exists exactly when the change does (one per incident and kind: the
// unique index). A sender claims a due row with a lease, and writes the result only while its claim
// holds; a row whose sender died is claimed again once the lease lapses.

export interface QueuedMail { id: string; recipients: string; subject: string; body: string; attempts: number }

export async function queueMail(trx: Kysely<DB>, m: { accountId: string; incidentId: string; kind: "triggered" | "resolved"; to: string[]; subject: string; body: string }) {
  const now = Date.now();
  await trx.insertInto("alert_mails").values({
    id: uuid7Batch(1)[0], account_id: m.accountId, incident_id: m.incidentId, kind: m.kind, recipients: JSON.stringify(m.to),
    subject: m.subject, body: m.body, status: "pending", attempts: 0, next_attempt_at: now, lease_until: null, lease_token: null,
    last_error: null, created_at: new Date(now).toISOString(), sent_at: null,
  }).onConflict((oc) => oc.columns(["incident_id", "kind"]).doNothing()).execute();
}

/** Up to `limit` due mails, each claimed for `leaseMs` under a token of this claim (another sender's claim skips it). */
export async function claimDueMails(now: number, leaseMs: number, limit = 20): Promise<{ token: string; mails: QueuedMail[] }> {
  const token = crypto.randomUUID();
  const due = await db().selectFrom("alert_mails").select("id").where("status", "=", "pending").where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)])).orderBy("next_attempt_at").limit(limit).execute();
  const mails: QueuedMail[] = [];
  for (const { id } of due) {
    // Conditional: of two senders that read the same due row, one update finds it still unclaimed.
    const row = await db().updateTable("alert_mails").set({ lease_token: token, lease_until: now + leaseMs })
      .where("id", "=", id).where("status", "=", "pending").where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .returning(["id", "recipients", "subject", "body", "attempts"]).executeTakeFirst();
    if (row) mails.push({ ...row, attempts: Number(row.attempts) });
  }
  return { token, mails };
}

/** The send's result, only while the claim holds (a lapsed claim writes nothing: the row's new sender decides). */
export async function finishMail(id: string, token: string, r: { sent: true; at: string } | { sent: false; error: string; retryAt: number | null }): Promise<boolean> {
  const set = r.sent
    ? { status: "sent", sent_at: r.at, lease_until: null, lease_token: null }
    : { status: r.retryAt === null ? "failed" : "pending", next_attempt_at: r.retryAt ?? undefined, last_error: r.error, lease_until: null, lease_token: null };
  const res = await db().updateTable("alert_mails").set((eb) => ({ ...set, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id).where("lease_token", "=", token).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
