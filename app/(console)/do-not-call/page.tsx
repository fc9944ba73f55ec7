import type { Metadata } from "next";
import { DoNotCallPage } from "@/components/suppressions/do-not-call-page";

export const metadata: Metadata = { title: "Do not call" };

export default function Page() {
  return <DoNotCallPage />;
}
