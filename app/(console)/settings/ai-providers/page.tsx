import type { Metadata } from "next";
import { AiProvidersPage } from "@/components/settings/ai-providers-page";

export const metadata: Metadata = { title: "AI providers" };

export default function Page() {
  return <AiProvidersPage />;
}
