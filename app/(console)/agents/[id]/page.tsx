import type { Metadata } from "next";
import { EditAgentPage } from "@/components/agents/agent-pages";

export const metadata: Metadata = { title: "Agent" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditAgentPage id={id} />;
}
