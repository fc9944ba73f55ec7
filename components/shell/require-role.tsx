"use client";

import * as React from "react";
import { Lock } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingRows } from "@/components/ui/load-more";
import { useMe } from "@/lib/people/hooks/members";
import { atLeast, type Role } from "@/lib/people/roles";

/**
 * A page whose API answers 403 below `need` (lib/people/roles.ts). Opened by URL by a weaker role,
 * it says which role is needed instead of mounting the page, whose queries would fail and offer a
 * Retry that can never work. The server still refuses on its own; this only explains.
 */
export function RequireRole({ need, title, what, children }: {
  need: Role;
  /** The page's own title, kept so the operator sees where they are. */
  title: string;
  /** What the page lets one do, for the sentence: "Your role (viewer) cannot manage members". */
  what: string;
  children: React.ReactNode;
}) {
  const me = useMe();
  // Until the role is known, show a neutral loading state rather than a page that may 403.
  if (me.isPending) return <LoadingRows label={`Loading ${title}`} rows={3} rowClassName="h-9" />;
  const role = me.data?.role;
  // No session answer (an error): let the page render and report its own error.
  if (!role || atLeast(role, need)) return <>{children}</>;
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={Lock}
        title={`You need the ${need} role`}
        text={`Your role (${role}) cannot ${what}: ask an admin or owner of the account.`}
      />
    </>
  );
}
