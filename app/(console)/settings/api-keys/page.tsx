import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { ApiKeysPage } from "@/components/settings/api-keys-page";

export const metadata: Metadata = { title: "API keys" };

export default function Page() {
  return <RequireRole need="admin" title="API keys" what="manage API keys"><ApiKeysPage /></RequireRole>;
}
