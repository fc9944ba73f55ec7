import { listAudit } from "@/lib/people/db/audit";
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { AuditExportQuery } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

const COLUMNS = ["at", "actor_type", "actor_id", "actor_label", "action", "resource_type", "resource_id", "summary", "ip"] as const;

/** The filtered audit log as CSV, every matching entry, newest first (admin+). */
export const GET = route({ query: AuditExportQuery }, async ({ query, auth, requestId }) => {
  const read = async (cursor?: string) => {
    const page = await listAudit(auth.accountId, { ...query, cursor, limit: 1000 });
    return { rows: page.entries.map((e) => COLUMNS.map((c) => e[c])), cursor: page.next_cursor };
  };
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload({ requestId, filename: `audit-${day}.csv`, header: COLUMNS, first: await read(), next: read, what: "audit" });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
