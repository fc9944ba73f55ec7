import { CopyButton } from "@/components/ui/copy-button";

/** A secret shown once (invite or reset link, API key): selectable text, a copy button, and why it matters. */
export function OneTimeSecret({ label, url, note }: { label: string; url: string; note: string }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm dark:border-emerald-500/30 dark:bg-emerald-500/10">
      <p className="font-medium text-emerald-900 dark:text-emerald-100">{label}</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 text-xs text-zinc-800 dark:bg-zinc-900 dark:text-zinc-100" data-testid="one-time-secret">{url}</code>
        <CopyButton value={url} label={label} showText />
      </div>
      <p className="mt-2 text-emerald-900 dark:text-emerald-100">{note}</p>
    </div>
  );
}
