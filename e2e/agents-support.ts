import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { apiToken, snap } from "./helpers";

// Shared by the agent builder and agent list specs: agents made through the API, read back from it.

export const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const minimalTask = (provider: string, model: string) => ({ tools_config: { llm_agent: { llm_config: { provider, model } } } });

export async function createAgent(request: APIRequestContext, name: string, tasks = [minimalTask("openai", "gpt-4o-mini")]) {
  const prompts = Object.fromEntries(tasks.map((_, i) => [`task_${i + 1}`, { system_prompt: `Prompt ${i + 1} of ${name}` }]));
  const res = await request.post("/api/agent", {
    headers: auth(),
    data: { agent_config: { agent_name: name, agent_welcome_message: "Hello!", call_direction: "outbound", tasks }, agent_prompts: prompts },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).agent_id as string;
}

export async function storedAgent(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/agent/${id}`, { headers: auth() });
  expect(res.status()).toBe(200);
  return res.json();
}

/** The same screenshots in dark mode, without storing the choice (the class is what the theme toggles). */
export async function snapDark(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await snap(page, testInfo, name);
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

export const save = (page: Page, name: "Create agent" | "Save") => page.getByRole("button", { name, exact: true }).first().click();
