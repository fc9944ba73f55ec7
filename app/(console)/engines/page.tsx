import type { Metadata } from "next";
import { RequireRole } from "@/components/shell/require-role";
import { EnginesPage } from "@/components/engines/engines-page";

export const metadata: Metadata = { title: "Engines" };

export default function Page() {
  return <RequireRole need="editor" title="Engines" what="see or change engines"><EnginesPage /></RequireRole>;
}
