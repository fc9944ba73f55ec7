"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useMembers } from "@/lib/people/hooks/members";
import type { AuditFilters } from "@/lib/people/hooks/audit";

// A select item cannot have the empty value; "anyone" stands for no actor filter.
const ANYONE = "anyone";

/** Who, what, which resource, which days: each filter lives in the URL, so a view can be shared. */
export function AuditFilterBar({ f, set }: { f: AuditFilters; set: (patch: Partial<AuditFilters>) => void }) {
  const members = useMembers();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <Field label="Actor">
        {(p) => (
          <Select value={f.actor || ANYONE} onValueChange={(v) => set({ actor: v === ANYONE ? "" : v })}>
            <SelectTrigger {...p}><SelectValue /></SelectTrigger>
            <SelectContent>
              <SelectItem value={ANYONE}>Anyone</SelectItem>
              {members.data?.members.map((m) => <SelectItem key={m.user_id} value={m.user_id}>{m.email}</SelectItem>)}
              {/* An actor from the URL who is no longer a member still shows (by id) rather than a blank box. */}
              {f.actor && members.data && !members.data.members.some((m) => m.user_id === f.actor) && <SelectItem value={f.actor}>{f.actor}</SelectItem>}
            </SelectContent>
          </Select>
        )}
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
