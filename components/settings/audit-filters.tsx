"use client";

import { Field } from "@/components/ui/field";
import { controlClass, Input } from "@/components/ui/input";
import { useMembers } from "@/lib/people/hooks/members";
import type { AuditFilters } from "@/lib/people/hooks/audit";
import { cn } from "@/lib/utils";

/** Who, what, which resource, which days: each filter lives in the URL, so a view can be shared. */
export function AuditFilterBar({ f, set }: { f: AuditFilters; set: (patch: Partial<AuditFilters>) => void }) {
  const members = useMembers();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <Field label="Actor">
        <select className={cn(controlClass, "h-9")} value={f.actor} onChange={(e) => set({ actor: e.target.value })}>
          <option value="">Anyone</option>
          {members.data?.members.map((m) => <option key={m.user_id} value={m.user_id}>{m.email}</option>)}
        </select>
      </Field>
      <Field label="Action" hint="e.g. agent.create">
        <Input value={f.action} onChange={(e) => set({ action: e.target.value })} />
      </Field>
      <Field label="Resource" hint="e.g. agent, member">
        <Input value={f.resource} onChange={(e) => set({ resource: e.target.value })} />
      </Field>
      <Field label="From">
        <Input type="date" value={f.from} onChange={(e) => set({ from: e.target.value })} />
      </Field>
      <Field label="To">
        <Input type="date" value={f.to} onChange={(e) => set({ to: e.target.value })} />
      </Field>
    </div>
  );
}
