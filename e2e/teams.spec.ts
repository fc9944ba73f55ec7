import { type Request } from "@playwright/test";
import { account, expect, test } from "./accounts";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";

const password = () => account().password;
const token = () => account().token;

// With JavaScript off the forms still sign in, by POST, and no URL ever carries a secret.
test.describe("sign-in without JavaScript", () => {
  test.use({ storageState: { cookies: [], origins: [] }, javaScriptEnabled: false });

  function watch(page: import("@playwright/test").Page) {
    const seen: Request[] = [];
    page.on("request", (r) => seen.push(r));
    return seen;
  }

  test("email and password: a wrong password comes back with the message, the right one signs in", async ({ page, context }) => {
    const seen = watch(page);
    await page.goto("/login");
    await page.getByLabel("Email").fill(account().owner);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email or password is incorrect")).toBeVisible();
    await page.getByLabel("Email").fill(account().owner);
    await page.getByLabel("Password").fill(password());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name === "voxdesk_session")?.httpOnly).toBe(true);
    const posts = seen.filter((r) => r.method() === "POST").map((r) => new URL(r.url()).pathname);
    expect(posts).toEqual(["/auth/sign-in", "/auth/sign-in"]);
    for (const r of seen) {
      expect(r.url()).not.toContain(encodeURIComponent(password()));
      expect(r.url()).not.toContain("not-the-password");
      expect(r.url()).not.toContain("password=");
    }
  });

  test("API token: signs in by POST, the token never in a URL", async ({ page }) => {
    const seen = watch(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Use an API token" }).click();
    await page.getByLabel("API token").fill(token());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(seen.some((r) => r.method() === "POST" && r.url().endsWith("/auth/sign-in"))).toBe(true);
    for (const r of seen) expect(r.url()).not.toContain(token());
  });
});

test.describe("roles", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a viewer signs in and the API refuses their writes with 403", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(account().viewer);
    await page.getByLabel("Password").fill(password());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const me = await page.request.get("/api/session");
    expect((await me.json()).role).toBe("viewer");
    const write = await page.request.post("/api/contacts", { data: { name: "nope" }, headers: { origin: new URL(page.url()).origin } });
    expect(write.status()).toBe(403);
  });

  test("a viewer finds write buttons disabled with the reason, and admin pages opened by URL say which role they need", async ({ page }) => {
    const listName = `Viewer upload ${Date.now()}`;
    const list = await page.request.post("/api/contacts", { data: { name: listName }, headers: { Authorization: `Bearer ${token()}` } });
    expect(list.status()).toBe(201);
    const base = bolnaExampleAgent();
    const agent = await page.request.post("/api/agent", {
      headers: { Authorization: `Bearer ${token()}` },
      data: { ...base, agent_config: { ...base.agent_config, agent_name: `Viewer sees agent ${Date.now()}` } },
    });
    expect(agent.status()).toBe(201);
    const agentId = (await agent.json()).agent_id as string;

    await page.goto("/login");
    await page.getByLabel("Email").fill(account().viewer);
    await page.getByLabel("Password").fill(password());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);

    // No page a viewer opens asks the API for what it would refuse (the call log's engine filter did).
    const refused: string[] = [];
    page.on("response", (r) => { if (r.status() === 403 && new URL(r.url()).pathname.startsWith("/api/")) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`); });
    const reason = "Your role (viewer) cannot do this: editor or higher is needed";
    // The banner says what a viewer can see, and what needs another role.
    await expect(page.getByRole("note")).toContainText("You can see the dashboard, calls and their outcomes, agents");
    await expect(page.getByRole("note")).toContainText("engines need the editor role");
    await page.goto("/calls");
    // An action they cannot take stays in sight, disabled, its reason on the page rather than only in a hover title.
    await expect(page.getByRole("button", { name: "Analyze these calls" })).toBeDisabled();
    await expect(page.getByTestId("role-reason").first()).toHaveText(/Your role \(viewer\) cannot do this: editor or higher is needed/);
    await page.goto("/agents/new");
    await expect(page.getByRole("button", { name: "Create agent" }).first()).toBeDisabled();
    await expect(page.getByRole("button", { name: "Create agent" }).first()).toHaveAttribute("title", reason);
    await page.goto(`/agents/${agentId}`);
    await expect(page.getByRole("button", { name: "Save", exact: true }).first()).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save", exact: true }).first()).toHaveAttribute("title", reason);
    // The form is read-only: its fields and its own buttons too, with the reason beside Save.
    await expect(page.getByLabel("Agent name")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add task" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Import JSON" })).toBeDisabled();
    await expect(page.getByTestId("role-reason").first()).toHaveText(reason);
    await page.goto(`/contacts/${(await list.json()).list_id}`);
    await expect(page.getByRole("button", { name: "Upload contacts" }).first()).toBeDisabled();
    await expect(page.getByRole("button", { name: "Upload contacts" }).first()).toHaveAttribute("title", reason);

    const adminPages: [string, string, string][] = [
      ["/settings/members", "Members", "manage members"],
      ["/settings/api-keys", "API keys", "manage API keys"],
      ["/settings/ai-providers", "AI providers", "manage AI providers"],
      ["/settings/audit", "Audit log", "read the audit log"],
      ["/do-not-call", "Do not call", "manage the do-not-call list"],
    ];
    for (const [path, title, what] of adminPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "You need the admin role" })).toBeVisible();
      await expect(page.getByText(`Your role (viewer) cannot ${what}`)).toBeVisible();
      // Nothing was asked of an API that would refuse: no error state, no Retry, no write control.
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Create key|Add numbers|Add provider|Create invite link/ })).toHaveCount(0);
    }
    await page.goto("/engines");
    await expect(page.getByRole("heading", { name: "You need the editor role" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await page.goto("/alerts");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(refused).toEqual([]);
  });
});

test.describe("members", () => {
  test("an admin invites a viewer; the link signs them in as a viewer once, and their writes are refused", async ({ page, browser }) => {
    const email = `invitee-${Date.now()}@e2e.test`;
    await page.goto("/settings/members");
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    const form = page.getByRole("region", { name: "Invite a person" });
    await form.getByLabel("Email").fill(email);
    // The console's picker, not a native select.
    await form.getByLabel("Role").click();
    await page.getByRole("option", { name: "viewer", exact: true }).click();
    await expect(form.getByLabel("Role")).toHaveText("viewer");
    await page.getByRole("button", { name: "Create invite link" }).click();
    const url = (await page.getByTestId("one-time-secret").textContent())!;
    expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("button", { name: `Revoke the invite of ${email}` })).toBeVisible();

    const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const invitee = await guest.newPage();
    const seen: string[] = [];
    invitee.on("request", (r) => seen.push(r.url()));
    await invitee.goto(new URL(url).pathname);
    await expect(invitee.getByRole("heading", { name: "Join your team on Voxdesk" })).toBeVisible();
    await expect(invitee.getByLabel("Email")).toHaveValue(email);
    await invitee.getByLabel("Your name").fill("Invited Viewer");
    await invitee.getByLabel("Password").fill("a-long-enough-password");
    await invitee.getByRole("button", { name: "Join and sign in" }).click();
    await expect(invitee).toHaveURL(/\/$/);
    expect((await (await invitee.request.get("/api/session")).json()).role).toBe("viewer");
    expect(seen.some((u) => u.includes("a-long-enough-password"))).toBe(false);
    const write = await invitee.request.post("/api/contacts", { data: { name: "nope" }, headers: { origin: new URL(invitee.url()).origin } });
    expect(write.status()).toBe(403);
    // The console says why writes are off, disables them, and hides the admin pages.
    await invitee.goto("/contacts");
    await expect(invitee.getByRole("note")).toContainText("read-only access (viewer)");
    await expect(invitee.getByRole("button", { name: "New list" }).first()).toBeDisabled();
    await expect(invitee.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" })).toBeVisible();
    await expect(invitee.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" })).toHaveCount(0);
    await invitee.goto("/agents");
    await expect(invitee.getByRole("button", { name: "New agent" }).first()).toBeDisabled();
    // Row actions too: a list the admin made can be opened, not renamed or deleted.
    const listName = `Viewer sees ${Date.now()}`;
    const list = await page.request.post("/api/contacts", { data: { name: listName }, headers: { origin: new URL(page.url()).origin } });
    expect(list.status()).toBe(201);
    await invitee.goto(`/contacts/${(await list.json()).list_id}`);
    await invitee.getByRole("button", { name: `Actions for ${listName}` }).click();
    await expect(invitee.getByRole("menuitem", { name: "Rename" })).toBeDisabled();
    await expect(invitee.getByRole("menuitem", { name: "Delete list" })).toBeDisabled();
    await invitee.keyboard.press("Escape");
    await invitee.goto("/settings/members");
    await expect(invitee.getByText("Your role (viewer) cannot manage members")).toBeVisible();

    // The link worked once.
    await invitee.goto(new URL(url).pathname);
    await expect(invitee.getByRole("heading", { name: "This link can no longer be used" })).toBeVisible();
    await guest.close();

    await page.reload();
    await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
    await expect(page.getByLabel(`Role of ${email}`)).toHaveText("viewer");
    await expect(page.getByRole("button", { name: `Revoke the invite of ${email}` })).toHaveCount(0);
  });
});

test.describe("API keys", () => {
  test("create a read-only key (shown once), use it, revoke it in the console", async ({ page, playwright, baseURL }) => {
    const name = `e2e key ${Date.now()}`;
    await page.goto("/settings/api-keys");
    const form = page.getByRole("region", { name: "Create an API key" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Scope").click();
    await page.getByRole("option", { name: "read only", exact: true }).click();
    await expect(form.getByLabel("Scope")).toHaveText("read only");
    await form.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByTestId("one-time-secret").textContent())!;
    expect(key).toMatch(/^sk_/);
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    expect((await api.get("/api/details?limit=1")).status()).toBe(200);
    expect((await api.post("/api/contacts", { data: { name: "nope" } })).status()).toBe(403);

    const opener = page.getByRole("button", { name: `Revoke ${name}` });
    await opener.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
    expect((await api.get("/api/details?limit=1")).status()).toBe(401);
    await api.dispose();
  });
});

test.describe("audit log", () => {
  test("shows who changed what, filters by action from the URL, exports the filtered log as CSV", async ({ page }) => {
    const email = `audited-${Date.now()}@e2e.test`;
    await page.goto("/settings/audit");
    const origin = new URL(page.url()).origin;
    expect((await page.request.post("/api/members/invites", { data: { email, role: "viewer" }, headers: { origin } })).status()).toBe(201);
    await page.getByLabel("Action").fill("members.invite");
    await expect(page).toHaveURL(/action=members\.invite/);
    await expect(page.getByRole("cell", { name: `invited ${email} as viewer` })).toBeVisible();
    await expect(page.getByRole("cell", { name: "agent.create" })).toHaveCount(0);
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain("action=members.invite");
    const csv = await (await page.request.get(href!)).text();
    expect(csv.split("\r\n")[0]).toBe("at,actor_type,actor_id,actor_label,action,resource_type,resource_id,summary,ip");
    expect(csv).toContain(`invited ${email} as viewer`);
  });
});
