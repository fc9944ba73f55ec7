// Descriptions in the OpenAPI document use only `code` spans and blank-line paragraphs, so a
// full Markdown renderer (a dependency) is not needed.

export function InlineText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/g).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          <code key={i} className="rounded bg-zinc-100 px-1 py-0.5 font-mono wrap-anywhere text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {text.split(/\n{2,}/).map((para, i) => (
        <p key={i} className="mt-2 first:mt-0">
          <InlineText text={para} />
        </p>
      ))}
    </div>
  );
}
