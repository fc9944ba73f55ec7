import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { navItems } from "@/components/shell/nav-items";
import { THEME_STORAGE_KEY, type Theme } from "@/lib/theme";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { SHOWCASE_SID } from "./fixtures";
import { apiToken } from "./helpers";

// Shared by the accessibility specs: the pages to check (the sidebar's, so a page added to the nav
// is covered without touching this file, plus detail pages), the dialogs and how to open them.

const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(Number(process.env.E2E_PORT ?? 3210))}`;
const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
export const THEMES: Theme[] = ["light", "dark"];

export interface Fixtures { agentId: string; agentName: string; listId: string; listName: string; toolName: string; campaignId: string }

/** One agent, one contact list and one tool, made through the API so detail pages and row dialogs exist. */
async function makeFixtures(request: APIRequestContext): Promise<Fixtures> {
  const agentName = unique("A11y agent");
  const agent = await request.post("/api/agent", {
    headers: auth(),
    data: {
      agent_config: { agent_name: agentName, agent_welcome_message: "Hello!", call_direction: "outbound",
        tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } } } }] },
      agent_prompts: { task_1: { system_prompt: "Be brief." } },
    },
  });
  expect(agent.status()).toBe(201);
  const listName = unique("A11y list");
  const list = await request.post("/api/contacts", { headers: auth(), data: { name: listName, default_country: "US" } });
  expect(list.status()).toBe(201);
  const listBody = await list.json();
  const toolName = unique("a11y_tool");
  const tool = await request.post("/api/tools", {
    headers: auth(),
    data: {
      tools: [{ type: "function", function: { name: toolName, description: "Looks up a booking", parameters: { type: "object", properties: {} } } }],
      tools_params: { [toolName]: { method: "GET", url: "http://127.0.0.1:9/booking" } },
    },
  });
  expect(tool.status()).toBe(201);
  return { agentId: (await agent.json()).agent_id, agentName, listId: listBody.list_id, listName, toolName, campaignId: await draftCampaign(request, listBody.list_id) };
}

/** A draft campaign (its page shows the dry run): Bolna's example agent deployed on the fake engine beside the app. */
async function draftCampaign(request: APIRequestContext, listId: string): Promise<string> {
  const add = await request.post(`/api/contacts/${listId}/add`, { headers: auth(), data: { contacts: [{ phone_number: "+14155550199", template_variables: { first_name: "Ada" } }] } });
  expect(add.status()).toBe(200);
  const agent = await request.post("/api/agent", { headers: auth(), data: bolnaExampleAgent() });
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: unique("A11y engine"), base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
  const agentId = (await agent.json()).agent_id;
  const deployed = await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: (await engine.json()).engine_id } });
  expect(deployed.status()).toBe(200);
  const campaign = await request.post("/api/campaigns", { headers: auth(), data: { name: unique("A11y campaign"), agent_id: agentId, list_id: listId } });
  expect(campaign.status()).toBe(201);
  return (await campaign.json()).campaign_id;
}

/** Every console page: the nav's, then detail pages reached from them (AGENT, LIST and CAMPAIGN stand for fixture ids). */
export function pages(): string[] {
  return [...navItems.map((i) => i.href), "/agents/new", "/agents/AGENT", "/contacts/LIST", "/campaigns/new", "/campaigns/CAMPAIGN"];
}

let made: Promise<Fixtures> | undefined;
/** The fixtures, made once per run (one worker) and shared by every test. */
export function fixtures(request: APIRequestContext): Promise<Fixtures> {
  made ??= makeFixtures(request);
  return made;
}

export function resolveUrl(url: string, f: Fixtures): string {
  return url.replace("AGENT", f.agentId).replace("LIST", f.listId).replace("CAMPAIGN", f.campaignId);
}

export interface DialogCase {
  name: string;
  url: string;
  /** The control that opens the dialog, and where focus must land again when it closes. */
  opener: (page: Page, f: Fixtures) => Locator;
  /** Steps before the opener (e.g. opening a menu); the dialog opens by pressing Enter on `via`. */
  via?: (page: Page, f: Fixtures) => Promise<Locator>;
  dialog: (page: Page) => Locator;
  /** Why focus return does not work yet for this dialog; the test is a fixme until it does. */
  knownBroken?: string;
}

const menuItem = (page: Page, trigger: Locator, item: string) => async () => {
  await trigger.focus();
  await page.keyboard.press("Enter");
  const entry = page.getByRole("menuitem", { name: item, exact: true });
  await entry.focus();
  return entry;
};

export const dialogs: DialogCase[] = [
  { name: "tool register", url: "/tools", opener: (p) => p.getByRole("button", { name: "Register tool" }).first(), dialog: (p) => p.getByRole("dialog") },
  { name: "tool test", url: "/tools", opener: (p, f) => p.getByRole("button", { name: `Test ${f.toolName}` }), dialog: (p) => p.getByRole("dialog") },
  {
    name: "tool delete (from a menu)", url: "/tools",
    opener: (p, f) => p.getByRole("button", { name: `More actions for ${f.toolName}` }),
    via: (p, f) => menuItem(p, p.getByRole("button", { name: `More actions for ${f.toolName}` }), "Delete")(),
    dialog: (p) => p.getByRole("alertdialog"),
  },
  { name: "new alert rule", url: "/alerts", opener: (p) => p.getByRole("button", { name: "New rule" }).first(), dialog: (p) => p.getByRole("dialog") },
  { name: "new list", url: "/contacts", opener: (p) => p.getByRole("button", { name: "New list" }).first(), dialog: (p) => p.getByRole("dialog") },
  {
    name: "list rename (from a menu)", url: "/contacts/LIST",
    opener: (p) => p.getByRole("button", { name: /^Actions for / }),
    via: (p) => menuItem(p, p.getByRole("button", { name: /^Actions for / }), "Rename")(),
    dialog: (p) => p.getByRole("dialog"),
  },
  {
    name: "list delete confirmation (from a menu)", url: "/contacts/LIST",
    opener: (p) => p.getByRole("button", { name: /^Actions for / }),
    via: (p) => menuItem(p, p.getByRole("button", { name: /^Actions for / }), "Delete list")(),
    dialog: (p) => p.getByRole("alertdialog"),
  },
  // The contact uploader is an inline panel on the list page (components/contacts/contact-uploader.tsx), not a dialog.
  { name: "call sheet (table row)", url: "/calls", opener: (p) => p.locator(`tbody tr[data-call-sid="${SHOWCASE_SID}"]`), dialog: (p) => p.getByRole("dialog") },
  { name: "agent test panel", url: "/agents/AGENT", opener: (p) => p.getByRole("button", { name: "Test", exact: true }), dialog: (p) => p.getByRole("dialog") },
  { name: "agent import", url: "/agents/new", opener: (p) => p.getByRole("button", { name: "Import JSON" }), dialog: (p) => p.getByRole("dialog") },
  {
    name: "agent delete (from a menu)", url: "/agents",
    opener: (p, f) => p.getByRole("button", { name: `Actions for ${f.agentName}`, exact: true }),
    via: (p, f) => menuItem(p, p.getByRole("button", { name: `Actions for ${f.agentName}`, exact: true }), "Delete")(),
    dialog: (p) => p.getByRole("alertdialog"),
  },
  { name: "campaign draft delete", url: "/campaigns/CAMPAIGN", opener: (p) => p.getByRole("button", { name: "Delete draft" }), dialog: (p) => p.getByRole("alertdialog") },
  { name: "custom range", url: "/", opener: (p) => p.getByRole("button", { name: "Custom range" }), dialog: (p) => p.getByRole("dialog") },
];

export function dialogUrl(c: DialogCase, f: Fixtures): string {
  return resolveUrl(c.url, f);
}

/** Opens a dialog with the keyboard, as a keyboard user would, and waits for it. */
export async function openDialog(page: Page, c: DialogCase, f: Fixtures): Promise<Locator> {
  await page.goto(dialogUrl(c, f));
  const opener = c.opener(page, f);
  await expect(opener).toBeVisible();
  const target = c.via ? await c.via(page, f) : opener;
  if (!c.via) await target.focus();
  await page.keyboard.press("Enter");
  const dialog = c.dialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Stored before any script runs, so the no-flash script paints the theme from the first frame. */
export async function applyTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

export interface AxeCount { where: string; theme: Theme; critical: number; serious: number; moderate: number; minor: number; ids: string[] }

/** Runs axe on the page as it stands; counts by impact and lists serious/critical findings by rule. */
export async function axe(page: Page, where: string, theme: Theme, exclude: string[] = []): Promise<{ count: AxeCount; blocking: string[] }> {
  // resultTypes: only violations come back with every node (passes and the rest with one each),
  // which spares serialising thousands of passing nodes per page; the findings are the same.
  // (options() replaces the whole options object, so it goes before withTags.)
  // Legacy mode: axe.run in the page itself. The default runs axe per frame, brings every node's
  // check results (passes too) out to Node and replays them in a new blank page: twice the time
  // (16 s against 35 s on /docs). It only leaves out cross-origin frames, and the console has none.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(AXE_TAGS).setLegacyMode();
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const count: AxeCount = { where, theme, critical: 0, serious: 0, moderate: 0, minor: 0, ids: [] };
  const blocking: string[] = [];
  for (const v of violations) {
    const impact = (v.impact ?? "minor") as "critical" | "serious" | "moderate" | "minor";
    count[impact] += v.nodes.length;
    count.ids.push(`${v.id}×${v.nodes.length}`);
    if (impact === "serious" || impact === "critical") {
      for (const n of v.nodes) blocking.push(`${where} [${theme}] ${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
    }
  }
  return { count, blocking };
}

/**
 * axe in both themes on whatever is open, the dark class toggled in place (dialogs stay open); colour
 * transitions off, since axe would otherwise read a colour halfway to the other theme's.
 */
export async function axeBothThemes(page: Page, where: string, exclude: string[] = []) {
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle("dark", d), dark);
    expect((await axe(page, where, dark ? "dark" : "light", exclude)).blocking).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}
