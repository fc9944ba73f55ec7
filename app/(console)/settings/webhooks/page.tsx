import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function Page() {
  return <RequireRole need="admin" title="Webhooks" what="manage webhooks"><WebhooksPage /></RequireRole>;
}
