import type { Metadata } from "next";
import { EnginesPage } from "@/components/engines/engines-page";

export const metadata: Metadata = { title: "Engines" };

export default function Page() {
  return <EnginesPage />;
}
