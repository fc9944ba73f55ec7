import type { Metadata } from "next";
import { LinkPage } from "@/components/auth/link-page";

// The token is this page's path: no Referer to other sites, kept out of search engines. Not "no-referrer":
// with it browsers send `Origin: null` on the form post, which the form refuses (login CSRF, lib/http/origin.ts).
export const metadata: Metadata = { title: "Accept invite", referrer: "same-origin", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function Page({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ token }, sp] = await Promise.all([params, searchParams]);
  return <LinkPage kind="invite" token={token} error={typeof sp.error === "string" ? sp.error : undefined} />;
}
