import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { AuditPage } from "@/components/settings/audit-page";

export const metadata: Metadata = { title: "Audit log" };

export default function Page() {
  return <RequireRole need="admin" title="Audit log" what="read the audit log"><AuditPage /></RequireRole>;
}
