import type { OpenApiDocument } from "@/lib/openapi/document";
import { RichText } from "./rich-text";
import { JsonBlock } from "./schema-block";

/** Every named schema once, with refs to other named schemas left as links by name. */
export function SchemaList({ doc }: { doc: OpenApiDocument }) {
  return (
    <section id="schemas" className="scroll-mt-6 pt-10" aria-labelledby="schemas-title">
      <h2 id="schemas-title" className="text-xl font-semibold">Schemas</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Named schemas of <span className="font-mono">components.schemas</span>; a <span className="font-mono">$ref</span> points to another entry here.
      </p>
      <ul className="mt-4 space-y-3">
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <li key={name} id={`schema-${name}`} className="scroll-mt-6">
            <JsonBlock label={<span className="font-mono font-semibold">{name}</span>} value={schema} />
            {typeof schema.description === "string" && (
              <RichText text={schema.description} className="mt-1 pl-3 text-xs text-zinc-500 dark:text-zinc-400" />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
