import type { Metadata } from "next";
import { PricingPage } from "@/components/settings/pricing-page";

export const metadata: Metadata = { title: "Pricing" };

// Every role reads the rates (the call log's estimates follow them); the form itself disables for non-admins.
export default function Page() {
  return <PricingPage />;
}
