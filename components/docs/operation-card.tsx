import type { OpenApiDocument } from "@/lib/openapi/document";
import type { OperationObject } from "@/lib/openapi/operation";
import { inlineRefs } from "@/lib/openapi/refs";
import { MethodBadge, StatusBadge } from "./method-badge";
import { ParametersTable } from "./parameters-table";
import { InlineText, RichText } from "./rich-text";
import { JsonBlock } from "./schema-block";

// The family error bodies repeat on every operation: linked to their one rendering at the bottom.
const SHARED = new Set(["Error", "ToolError"]);

function refName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === "string" ? ref.split("/").pop() : undefined;
}

function SchemaLabel({ title, schema }: { title: string; schema: unknown }) {
  const name = refName(schema);
  return (
    <span>
      {title}
      {name && <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">{name}</span>}
    </span>
  );
}

function Heading({ children }: { children: React.ReactNode }) {
  return <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{children}</h4>;
}

export function OperationCard({ doc, path, method, op }: { doc: OpenApiDocument; path: string; method: string; op: OperationObject }) {
  const isPublic = op.security?.length === 0;
  const body = op.requestBody?.content["application/json"];
  return (
    <section id={op.operationId} className="scroll-mt-6 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-950 sm:p-5">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <MethodBadge method={method} />
        <h3 className="break-all font-mono text-sm font-semibold">
          <span className="text-zinc-500 dark:text-zinc-400">/api</span>
          {path}
        </h3>
        {isPublic && (
          <span className="rounded-full border border-zinc-300 px-2 py-0.5 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">no auth</span>
        )}
      </header>
      <p className="mt-2 font-medium">{op.summary}</p>
      {op.description && <RichText text={op.description} className="mt-1 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400" />}

      {op.parameters && op.parameters.length > 0 && (
        <div className="mt-4">
          <Heading>Parameters</Heading>
          <ParametersTable parameters={op.parameters} />
        </div>
      )}

      {body && (
        <div className="mt-4 space-y-2">
          <Heading>Request body · application/json</Heading>
          {op.requestBody?.description && <RichText text={op.requestBody.description} className="text-sm text-zinc-600 dark:text-zinc-400" />}
          <JsonBlock label={<SchemaLabel title="Schema" schema={body.schema} />} value={inlineRefs(doc, body.schema)} />
          {body.example !== undefined && <JsonBlock label="Example" value={body.example} />}
        </div>
      )}

      <div className="mt-4">
        <Heading>Responses</Heading>
        <ul className="space-y-2">
          {Object.entries(op.responses).map(([status, res]) => {
            const schema = res.content?.["application/json"]?.schema;
            // A download (text/csv) has no JSON schema worth a block: its media type and description say it.
            const otherType = Object.keys(res.content ?? {}).find((t) => t !== "application/json");
            const otherText = otherType ? res.content?.[otherType]?.schema.description : undefined;
            const headers = Object.keys(res.headers ?? {});
            return (
              <li key={status} className="space-y-1.5">
                <div className="flex items-start gap-2 text-sm">
                  <StatusBadge status={status} />
                  <span className="min-w-0 text-zinc-700 dark:text-zinc-300">
                    <InlineText text={res.description} />
                    {headers.length > 0 && (
                      <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">
                        (headers: <span className="font-mono">{headers.join(", ")}</span>)
                      </span>
                    )}
                  </span>
                </div>
                {otherType && (
                  <p className="text-xs text-zinc-500 sm:pl-[3.25rem] dark:text-zinc-400">
                    Body: <span className="font-mono">{otherType}</span>
                    {typeof otherText === "string" && (
                      <span className="mt-1 block">
                        <InlineText text={otherText} />
                      </span>
                    )}
                  </p>
                )}
                {schema && SHARED.has(refName(schema) ?? "") ? (
                  <p className="text-xs text-zinc-500 sm:pl-[3.25rem] dark:text-zinc-400">
                    Body:{" "}
                    <a href={`#schema-${refName(schema)}`} className="font-mono text-sky-700 underline underline-offset-2 dark:text-sky-400">
                      {refName(schema)}
                    </a>
                  </p>
                ) : (
                  schema && (
                    <div className="sm:pl-[3.25rem]">
                      <JsonBlock label={<SchemaLabel title="Body" schema={schema} />} value={inlineRefs(doc, schema)} />
                    </div>
                  )
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
