// JSON Pointer `$ref` handling inside the OpenAPI document (only local refs: `#/...`).

export function resolveRef(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Every `$ref` string in `node`, with the JSON path where it sits. */
export function collectRefs(node: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => collectRefs(v, `${at}/${i}`));
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [{ ref: v, at }] : collectRefs(v, `${at}/${k}`),
  );
}

/**
 * A copy of `node` with local refs replaced by their targets (for human readers). A repeated
 * target on the same branch stays a ref, so a recursive schema cannot loop.
 */
export function inlineRefs(doc: unknown, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((v) => inlineRefs(doc, v, seen));
  if (node === null || typeof node !== "object") return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$ref === "string" && !seen.includes(obj.$ref)) {
    const target = resolveRef(doc, obj.$ref);
    if (target !== undefined) {
      const { $ref, ...rest } = obj;
      return { ...(inlineRefs(doc, target, [...seen, $ref]) as object), ...rest };
    }
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, inlineRefs(doc, v, seen)]));
}
