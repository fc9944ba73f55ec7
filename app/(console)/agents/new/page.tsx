import type { Metadata } from "next";
import { NewAgentPage } from "@/components/agents/agent-pages";

export const metadata: Metadata = { title: "New agent" };

export default async function Page({ searchParams }: { searchParams: Promise<{ from?: string | string[] }> }) {
  const { from } = await searchParams;
  return <NewAgentPage from={typeof from === "string" && from ? from : undefined} />;
}
