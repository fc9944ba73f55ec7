import type { Metadata } from "next";
import { CampaignEditPage } from "@/components/campaigns/campaign-edit";

export const metadata: Metadata = { title: "Edit campaign" };

export default async function EditCampaignRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CampaignEditPage campaignId={id} />;
}
