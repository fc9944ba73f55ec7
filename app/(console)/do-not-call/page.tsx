import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { DoNotCallPage } from "@/components/suppressions/do-not-call-page";

export const metadata: Metadata = { title: "Do not call" };

export default function Page() {
  return <RequireRole need="admin" title="Do not call" what="manage the do-not-call list"><DoNotCallPage /></RequireRole>;
}
