import { clsx } from "clsx";

const COLORS: Record<string, string> = {
  get: "bg-sky-100 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-800",
  post: "bg-emerald-100 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-800",
  put: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800",
  patch: "bg-violet-100 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-300 dark:ring-violet-800",
  delete: "bg-rose-100 text-rose-800 ring-rose-300 dark:bg-rose-950 dark:text-rose-300 dark:ring-rose-800",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex w-16 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-xs font-semibold uppercase ring-1 ring-inset",
        COLORS[method] ?? "bg-zinc-100 text-zinc-800 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700",
        className,
      )}
    >
      {method}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone = status.startsWith("2")
    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
    : status.startsWith("5")
      ? "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300"
      : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300";
  return <span className={clsx("inline-block w-11 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold", tone)}>{status}</span>;
}
