import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { apiToken } from "./helpers";

// The tool registry page against real HTTP targets started here on 127.0.0.1 (the e2e server's
// TOOL_TARGET_ALLOWLIST lets it reach them). Each test registers its own uniquely named tools.

export interface Received { method: string; url: string; authorization?: string; body: string }
export interface Target { url: string; received: Received[]; close: () => Promise<void> }

export async function startTarget(status: number, answer: unknown): Promise<Target> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
export const auth = () => ({ Authorization: `Bearer ${apiToken()}` });

export async function registerViaApi(page: Page, name: string, entry: { method: string; url: string; api_token?: string }, properties = {}) {
  const res = await page.request.post("/api/tools", {
    headers: auth(),
    data: {
      tools: [{ type: "function", function: { name, description: `The ${name} tool`, parameters: { type: "object", properties } } }],
      tools_params: { [name]: entry },
      category: "e2e",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string; name: string };
}

export const row = (page: Page, name: string) => page.locator(`tr[data-tool-name="${name}"]`);

/** Opens /tools and waits until the page is live (the list is read after hydration). */
export async function openList(page: Page) {
  await page.goto("/tools");
  await expect(page.getByRole("table").or(page.getByText("No tools yet"))).toBeVisible({ timeout: 30_000 });
}

/** Opens the list filtered to one tool; the first paint (hydration, then the read) gets extra time on a busy machine. */
export async function openTool(page: Page, name: string) {
  await page.goto(`/tools?q=${name}`);
  await expect(row(page, name)).toBeVisible({ timeout: 30_000 });
}
