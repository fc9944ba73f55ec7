import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { MembersPage } from "@/components/settings/members-page";

export const metadata: Metadata = { title: "Members" };

export default function Page() {
  return <RequireRole need="admin" title="Members" what="manage members"><MembersPage /></RequireRole>;
}
