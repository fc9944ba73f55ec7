// A collapsible, pretty-printed JSON block (schemas and examples). Native <details>, so it
// works without client JavaScript.

export function JsonBlock({ label, value, open = false }: { label: React.ReactNode; value: unknown; open?: boolean }) {
  return (
    <details open={open} className="group rounded-md border border-zinc-200 dark:border-zinc-800">
      <summary className="flex cursor-pointer select-none items-center gap-2 px-3 py-1.5 text-sm text-zinc-700 hover:bg-zinc-50 dark:text-zinc-300 dark:hover:bg-zinc-900">
        <span aria-hidden className="inline-block text-zinc-400 transition-transform group-open:rotate-90">▸</span>
        {label}
      </summary>
      <pre className="max-h-[32rem] overflow-auto border-t border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
