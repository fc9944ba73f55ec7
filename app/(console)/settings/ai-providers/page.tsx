import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { AiProvidersPage } from "@/components/settings/ai-providers-page";

export const metadata: Metadata = { title: "AI providers" };

export default function Page() {
  return <RequireRole need="admin" title="AI providers" what="manage AI providers"><AiProvidersPage /></RequireRole>;
}
