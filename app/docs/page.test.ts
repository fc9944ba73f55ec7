import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/openapi/document";
import DocsPage from "./page";

// The server component rendered to HTML, as Next prerenders it: no browser, no build.
describe("/docs", () => {
  const html = renderToStaticMarkup(createElement(DocsPage));
  const doc = getOpenApiDocument();

  it("renders every operation of the document, grouped under its tag", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        expect(html, `${op.operationId} (${path})`).toContain(`id="${op.operationId}"`);
      }
    }
    for (const tag of doc.tags) expect(html).toContain(`>${tag.name}</h2>`);
    expect(html.indexOf('id="listCalls"')).toBeGreaterThan(html.indexOf(">Call analytics</h2>"));
    expect(html.indexOf('id="listCalls"')).toBeLessThan(html.indexOf(">Agents</h2>"));
  });

  it("labels query parameters by what they mean, as the document types them", () => {
    expect(html).toContain("string (date) | string (date-time) · query");
    expect(html).toContain("integer · query");
    expect(html).toContain("boolean · query");
  });

  it("links the JSON document, explains auth and shows schemas without loading anything external", () => {
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain("Authentication");
    expect(html).toContain("Authorization: Bearer");
    expect(html).toContain('id="schema-CallRecord"');
    expect(html).toMatch(/<details[^>]*>/);
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });
});
