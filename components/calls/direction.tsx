import { Globe, PhoneIncoming, PhoneOutgoing, type LucideIcon } from "lucide-react";
import { callTypeLabel } from "@/lib/calls/call-types";

const ICONS: Record<string, LucideIcon> = { inbound: PhoneIncoming, outbound: PhoneOutgoing, web_call: Globe };

/** A call's direction (call_type) with its icon. */
export function Direction({ type }: { type: string }) {
  const Icon = ICONS[type];
  return (
    <span className="inline-flex items-center gap-1.5 text-zinc-700 dark:text-zinc-300">
      {Icon && <Icon aria-hidden="true" className="size-3.5 text-zinc-400 dark:text-zinc-500" />}
      {callTypeLabel(type)}
    </span>
  );
}
