import type { Metadata } from "next";
import { Fragment } from "react";
import { MethodBadge } from "@/components/docs/method-badge";
import { OperationCard } from "@/components/docs/operation-card";
import { RichText } from "@/components/docs/rich-text";
import { SchemaList } from "@/components/docs/schema-list";
import { AUTH_NOTE, getOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference" };

// Public and rendered from the same document /api/openapi.json serves; no client JavaScript
// and nothing loaded from a CDN.
export default function DocsPage() {
  const doc = getOpenApiDocument();
  const groups = doc.tags.map((tag) => ({
    tag,
    ops: Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => ({ path, method, op })),
    ),
  }));
  const [intro, ...rest] = doc.info.description.split(/\n{2,}/).filter((p) => p !== AUTH_NOTE);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="Endpoints" className="hidden lg:block">
        <div className="sticky top-6 max-h-[calc(100vh-3rem)] space-y-5 overflow-y-auto pr-2 text-sm">
          {groups.map(({ tag, ops }) => (
            <div key={tag.name}>
              <a href={`#tag-${slug(tag.name)}`} className="font-semibold text-zinc-900 hover:underline dark:text-zinc-100">
                {tag.name}
              </a>
              <ul className="mt-1.5 space-y-1">
                {ops.map(({ path, method, op }) => (
                  <li key={op.operationId}>
                    <a href={`#${op.operationId}`} className="flex items-start gap-2 rounded px-1 py-0.5 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-900">
                      <MethodBadge method={method} className="w-14 text-[0.65rem]" />
                      <span className="min-w-0 font-mono text-xs">{breakAtSlashes(path)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <a href="#schemas" className="block font-semibold text-zinc-900 hover:underline dark:text-zinc-100">Schemas</a>
        </div>
      </nav>

      <main className="min-w-0">
        <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
          <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">OpenAPI {doc.openapi} · version {doc.info.version}</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight">{doc.info.title} reference</h1>
          <RichText text={intro} className="mt-3 max-w-3xl text-zinc-700 dark:text-zinc-300" />
          <div className="mt-4 max-w-3xl rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
            <p className="font-semibold">Authentication</p>
            <RichText text={AUTH_NOTE} className="mt-1 leading-relaxed" />
            <pre className="mt-3 overflow-x-auto rounded bg-white/70 p-2 font-mono text-xs dark:bg-black/30">
              curl -H &quot;Authorization: Bearer $VOXDESK_TOKEN&quot; http://localhost:3000/api/details?limit=10
            </pre>
          </div>
          <RichText text={rest.join("\n\n")} className="mt-4 max-w-3xl text-sm leading-relaxed text-zinc-600 dark:text-zinc-400" />
          <p className="mt-4 text-sm">
            Machine-readable:{" "}
            <a href="/api/openapi.json" className="font-mono text-sky-700 underline underline-offset-2 hover:text-sky-900 dark:text-sky-400 dark:hover:text-sky-300">
              /api/openapi.json
            </a>
          </p>
          <nav aria-label="Sections" className="mt-4 flex flex-wrap gap-2 lg:hidden">
            {groups.map(({ tag }) => (
              <a key={tag.name} href={`#tag-${slug(tag.name)}`} className="rounded-full border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-900">
                {tag.name}
              </a>
            ))}
          </nav>
        </header>

        {groups.map(({ tag, ops }) => (
          <section key={tag.name} id={`tag-${slug(tag.name)}`} className="scroll-mt-6 pt-10" aria-labelledby={`tag-${slug(tag.name)}-title`}>
            <h2 id={`tag-${slug(tag.name)}-title`} className="text-xl font-semibold">{tag.name}</h2>
            <RichText text={tag.description} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" />
            <div className="mt-4 space-y-4">
              {ops.map(({ path, method, op }) => (
                <OperationCard key={op.operationId} doc={doc} path={path} method={method} op={op} />
              ))}
            </div>
          </section>
        ))}
        <SchemaList doc={doc} />
      </main>
    </div>
  );
}

/** Long paths wrap after a `/` in the narrow sidebar, never inside a word. */
function breakAtSlashes(path: string) {
  return path.split("/").map((part, i) => (i === 0 ? part : <Fragment key={i}>/<wbr />{part}</Fragment>));
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
