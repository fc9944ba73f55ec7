import Link from "next/link";
import { Brand } from "@/components/shell/brand";
import { findUsableLink } from "@/lib/people/member-links";
import type { LinkKind } from "@/lib/people/schema";
import { LinkForm } from "./link-form";

const TITLES: Record<LinkKind, { title: string; intro: string }> = {
  invite: { title: "Join your team on Voxdesk", intro: "Choose your name and a password to accept the invite." },
  reset: { title: "Set a new password", intro: "Your other sign-ins end when you save it." },
};

/** /invite/{token} and /reset/{token}: the form while the link is usable, else why it is not. */
export async function LinkPage({ kind, token, error }: { kind: LinkKind; token: string; error?: string }) {
  const link = await findUsableLink(token, kind);
  const t = TITLES[kind];
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 dark:bg-zinc-950">
      <div className="w-full max-w-sm">
        <Brand className="mb-6 justify-center" />
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-lg font-semibold">{link ? t.title : "This link can no longer be used"}</h1>
          {link ? (
            <>
              <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">{t.intro}</p>
              <LinkForm kind={kind} token={token} email={link.email} error={error} />
            </>
          ) : (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              It has expired, was already used or was revoked. Ask an admin of your Voxdesk account for a new one, or{" "}
              <Link href="/login" className="underline underline-offset-4">sign in</Link>.
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
