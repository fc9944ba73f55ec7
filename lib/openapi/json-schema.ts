import { z } from "zod";
import { DOCUMENTED_AS } from "@/lib/core/page-query";

// zod → JSON Schema (2020-12, the dialect of OpenAPI 3.1) for the OpenAPI document.
// Requests are converted with io "input" (what a client sends: defaults are optional, transforms
// and refinements are invisible), responses with io "output" (what the server sends back).

export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: "query" | "path";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

const KEEP_ON_REPLACE = ["description", "default", "examples", "title", "deprecated"];
const SAFE_INT = Number.MAX_SAFE_INTEGER;

/**
 * Our transforms only normalise (upper-case country, E.164 phone, ISO timestamp) and keep the JSON
 * type, so in output mode a `.transform()` is documented with its input's schema instead of `{}`.
 */
function tidy(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }, io: "input" | "output") {
  // A query parameter documented as what it means (page-query.ts `documentedAs`), not as its text.
  const meant = ctx.jsonSchema[DOCUMENTED_AS] as JsonSchema | undefined;
  if (meant) {
    for (const k of Object.keys(ctx.jsonSchema)) if (!KEEP_ON_REPLACE.includes(k)) delete ctx.jsonSchema[k];
    Object.assign(ctx.jsonSchema, meant);
    return;
  }
  const def = (ctx.zodSchema as { _zod: { def: { type: string; in?: z.ZodType; out?: { _zod: { def: { type: string } } } } } })._zod.def;
  if (io === "output" && def.type === "pipe" && def.in && def.out?._zod.def.type === "transform") {
    const inner = raw(def.in, "input");
    for (const k of Object.keys(ctx.jsonSchema)) if (!KEEP_ON_REPLACE.includes(k)) delete ctx.jsonSchema[k];
    Object.assign(ctx.jsonSchema, inner, pick(ctx.jsonSchema, KEEP_ON_REPLACE));
  }
  // `.int()` adds ±MAX_SAFE_INTEGER bounds: noise for readers, and true of every JSON integer we emit.
  if (ctx.jsonSchema.minimum === -SAFE_INT) delete ctx.jsonSchema.minimum;
  if (ctx.jsonSchema.maximum === SAFE_INT) delete ctx.jsonSchema.maximum;
}

function pick(o: JsonSchema, keys: string[]): JsonSchema {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

function raw(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => tidy(ctx as never, io),
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/**
 * Converts zod schemas and collects every schema given an id (`.meta({ id })`) into
 * `components.schemas`, so `#/$defs/X` (which would not resolve inside an OpenAPI document)
 * becomes `#/components/schemas/X`.
 */
export class SchemaRegistry {
  readonly schemas: Record<string, JsonSchema> = {};

  input(schema: z.ZodType): JsonSchema {
    return this.convert(schema, "input");
  }

  output(schema: z.ZodType): JsonSchema {
    return this.convert(schema, "output");
  }

  /** One OpenAPI parameter per property of a z.object (query string or path). */
  parameters(schema: z.ZodType, where: "query" | "path", notes: Record<string, string> = {}): ParameterObject[] {
    const json = this.input(schema);
    const props = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    const unknown = Object.keys(notes).filter((k) => !(k in props));
    if (unknown.length) throw new Error(`notes for parameters the schema does not have: ${unknown.join(", ")}`);
    return Object.entries(props).map(([name, prop]) => {
      const { description, ...rest } = prop;
      const text = notes[name] ?? (description as string | undefined);
      return {
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(text ? { description: text } : {}),
        schema: rest,
      };
    });
  }

  private convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = raw(schema, io);
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) {
      const rewritten = rewriteRefs(def);
      const existing = this.schemas[id];
      if (existing && JSON.stringify(existing) !== JSON.stringify(rewritten)) {
        throw new Error(`schema id "${id}" converts differently in two places (input vs output?)`);
      }
      this.schemas[id] = rewritten;
    }
    return rewriteRefs(json);
  }
}

function rewriteRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(rewriteRefs) as T;
  if (node && typeof node === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = k === "$ref" && typeof v === "string" ? v.replace(/^#\/\$defs\//, "#/components/schemas/") : rewriteRefs(v);
    }
    return out as T;
  }
  return node;
}
