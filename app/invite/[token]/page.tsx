import type { Metadata } from "next";
import { LinkPage } from "@/components/auth/link-page";

// The token is this page's path: send no Referer anywhere from here, keep it out of search engines.
export const metadata: Metadata = { title: "Accept invite", referrer: "no-referrer", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function Page({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ token }, sp] = await Promise.all([params, searchParams]);
  return <LinkPage kind="invite" token={token} error={typeof sp.error === "string" ? sp.error : undefined} />;
}
