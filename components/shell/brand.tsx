import Link from "next/link";
import { AudioLines } from "lucide-react";
import { cn, focusRing } from "@/lib/utils";

export function Brand({ className }: { className?: string }) {
  return (
    <Link href="/" className={cn("flex items-center gap-2 rounded-md", focusRing, className)}>
      <span className="flex size-7 items-center justify-center rounded-md bg-indigo-600 text-white shadow-xs dark:bg-indigo-500">
        <AudioLines aria-hidden="true" className="size-4" />
      </span>
      <span className="text-[15px] font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Voxdesk</span>
    </Link>
  );
}
