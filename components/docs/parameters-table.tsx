import type { ParameterObject } from "@/lib/openapi/json-schema";
import { InlineText } from "./rich-text";

/** A compact type label for a parameter's schema: `string (uuid)`, `"true" | "false"`, `string (date) | string (date-time)`, … */
function typeLabel(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s) => typeLabel(s as Record<string, unknown>)).join(" | ");
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "any");
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

// Two columns (name with its type and location; description) so it fits a phone without
// sideways scrolling.
export function ParametersTable({ parameters }: { parameters: ParameterObject[] }) {
  return (
    <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="w-2/5 px-3 py-2 font-medium sm:w-1/3">Name</th>
            <th scope="col" className="px-3 py-2 font-medium">Description</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {parameters.map((p) => (
            <tr key={`${p.in}:${p.name}`} className="align-top">
              <td className="px-3 py-2">
                <span className="font-mono text-xs font-semibold break-all">{p.name}</span>
                {p.required && (
                  <span className="ml-1.5 text-xs text-rose-600 dark:text-rose-400">required</span>
                )}
                <div className="mt-0.5 font-mono text-xs text-zinc-500 dark:text-zinc-400">
                  {typeLabel(p.schema)} · {p.in}
                </div>
              </td>
              <td className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{p.description && <InlineText text={p.description} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
