import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as toolsRoute from "./route";
import * as toolById from "./[tool_id]/route";
import * as toolTest from "./[tool_id]/test/route";
import { containsSecret, storedBytes, registration, toolDef, WEATHER_PARAMS } from "./tools-fixtures";

const TOKEN = "tok_registry_plaintext_7QxZ9w";
const NEW_TOKEN = "tok_rotated_plaintext_Lm3Pq8";
let dbFile = "";
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
const bodies: string[] = []; // every response body, checked for the token at the end

async function api(...args: Parameters<typeof call>) {
  const res = await call(...args);
  bodies.push(JSON.stringify(res.json));
  return res;
}
const register = (token: string, body: unknown) => api(toolsRoute.POST, "POST", "/api/tools", { token, body });
const errorPaths = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

beforeAll(async () => {
  dbFile = await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
});

describe("POST /api/tools", () => {
  it("registers a tool: 201 with the record as data and in tools", async () => {
    const res = await register(a.token, registration(["get_weather"], { api_token: TOKEN }, { tags: ["weather", "weather"] }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: expect.any(String) });
    const d = res.json.data;
    expect(Object.keys(d).sort()).toEqual([
      "api_token_hint", "category", "createdAt", "description", "id", "isActive", "lastTested", "method", "name",
      "parameters", "tags", "testStatus", "updatedAt", "url",
    ]);
    expect(d).toMatchObject({
      name: "get_weather", description: "The get_weather tool", category: "custom", tags: ["weather"], isActive: true,
      lastTested: null, testStatus: "untested", method: "GET", url: "https://tools.example.test/api",
      parameters: WEATHER_PARAMS, api_token_hint: `****${TOKEN.slice(-4)}`,
    });
    expect(d.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.json.tools).toEqual([d]);
  });

  it("defaults method to POST, accepts lower case, keeps a category; no token means no hint", async () => {
    const body = registration(["book_table"], { method: undefined }, { category: "booking" });
    const res = await register(a.token, body);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ method: "POST", category: "booking", api_token_hint: null });
    const lower = await register(a.token, registration(["cancel_table"], { method: "delete" }));
    expect(lower.json.data.method).toBe("DELETE");
  });

  it("registers several tools atomically and returns every record", async () => {
    const res = await register(a.token, registration(["multi_one", "multi_two"]));
    expect(res.status).toBe(201);
    expect(res.json.tools.map((t: { name: string }) => t.name)).toEqual(["multi_one", "multi_two"]);
    expect(res.json.data).toEqual(res.json.tools[0]);
  });

  it("adds none of a batch when one tool is invalid or its name is taken", async () => {
    const count = async () => (await api(toolsRoute.GET, "GET", "/api/tools?limit=200", { token: a.token })).json.data.length;
    const before = await count();
    const bad = registration(["atomic_a", "atomic_b"]);
    bad.tools[1] = toolDef("atomic_b", { type: "string" });
    expect((await register(a.token, bad)).status).toBe(400);
    const taken = await register(a.token, registration(["atomic_c", "get_weather"]));
    expect(taken.status).toBe(409);
    expect(taken.json.success).toBe(false);
    expect(errorPaths(taken.json)).toEqual(["tools[1].function.name"]);
    expect(await count()).toBe(before);
  });

  it("refuses a name already used in the account with 409; another account may use it", async () => {
    const res = await register(a.token, registration(["get_weather"]));
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("get_weather");
    expect((await register(b.token, registration(["get_weather"]))).status).toBe(201);
  });

  const cases: [string, () => unknown, string][] = [
    ["a tool without tools_params", () => ({ ...registration(["x1"]), tools_params: {} }), "tools_params.x1"],
    ["a tools_params entry without tool", () => {
      const r = registration(["x2"]);
      return { ...r, tools_params: { ...r.tools_params, ghost: r.tools_params.x2 } };
    }, "tools_params.ghost"],
    ["the same name twice", () => ({ ...registration(["x3"]), tools: [toolDef("x3"), toolDef("x3")] }), "tools[1].function.name"],
    ["a name with a space", () => registration(["bad name"]), "tools[0].function.name"],
    ["a 65-character name", () => registration(["n".repeat(65)]), "tools[0].function.name"],
    ["a non-ASCII name", () => registration(["météo"]), "tools[0].function.name"],
    ["no tools", () => ({ tools: [], tools_params: {} }), "tools"],
    ["type other than function", () => ({ ...registration(["x4"]), tools: [{ ...toolDef("x4"), type: "code" }] }), "tools[0].type"],
    ["parameters of type string", () => ({ ...registration(["x5"]), tools: [toolDef("x5", { type: "string" })] }),
      "tools[0].function.parameters.type"],
    ["parameters with a bad type name", () => ({ ...registration(["x6"]), tools: [toolDef("x6", { type: "object", properties: { a: { type: "strnig" } } })] }),
      "tools[0].function.parameters.properties.a.type"],
    ["parameters with an unknown format", () => ({ ...registration(["x7"]), tools: [toolDef("x7", { type: "object", properties: { a: { type: "string", format: "emial" } } })] }),
      "tools[0].function.parameters"],
    ["method FETCH", () => registration(["x8"], { method: "FETCH" }), "tools_params.x8.method"],
    ["a relative url", () => registration(["x9"], { url: "/api/x" }), "tools_params.x9.url"],
    ["an ftp url", () => registration(["x10"], { url: "ftp://tools.example.test/x" }), "tools_params.x10.url"],
    ["a url with userinfo", () => registration(["x11"], { url: "https://user:hunter2@tools.example.test/x" }), "tools_params.x11.url"],
    ["an empty api_token", () => registration(["x12"], { api_token: "" }), "tools_params.x12.api_token"],
  ];
  it.each(cases)("refuses %s with a 400 naming the field", async (_label, body, path) => {
    const res = await register(a.token, body());
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(errorPaths(res.json)).toContain(path);
    expect(res.json.message).toContain(path);
    expect(res.json.message).not.toContain("hunter2");
  });

  it("answers 401 in the tools error shape without a token", async () => {
    const res = await call(toolsRoute.POST, "POST", "/api/tools", { body: registration(["anon"]) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, message: expect.any(String) });
  });
});

describe("GET /api/tools", () => {
  it("pages newest first without gaps or repeats, and filters", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/tools?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await api(toolsRoute.GET, "GET", url, { token: a.token });
      expect(res.status).toBe(200);
      expect(res.json.success).toBe(true);
      seen.push(...res.json.data.map((t: { name: string }) => t.name));
      cursor = res.json.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(["book_table", "cancel_table", "get_weather", "multi_one", "multi_two"]);

    const names = async (qs: string) =>
      (await api(toolsRoute.GET, "GET", `/api/tools?${qs}`, { token: a.token })).json.data.map((t: { name: string }) => t.name).sort();
    expect(await names("category=booking")).toEqual(["book_table"]);
    expect(await names("tag=weather")).toEqual(["get_weather"]);
    expect(await names("tag=weath")).toEqual([]); // exact, not a prefix
    expect(await names("tag=weather&category=booking")).toEqual([]);
    expect(await names("q=MULTI")).toEqual(["multi_one", "multi_two"]);
    expect(await names("q=%25")).toEqual([]); // a literal %, not a wildcard
    expect(await names("is_active=false")).toEqual([]);
    expect((await api(toolsRoute.GET, "GET", "/api/tools?is_active=maybe", { token: a.token })).status).toBe(400);
    expect((await api(toolsRoute.GET, "GET", "/api/tools?cursor=garbage", { token: a.token })).status).toBe(400);
  });
});

describe("GET / PATCH / DELETE /api/tools/{id}", () => {
  it("reads, patches (incl. a new token and deactivation) and deletes", async () => {
    const created = await register(a.token, registration(["crud_tool"], { api_token: TOKEN }));
    const id = created.json.data.id;
    const p = { params: { tool_id: id } };
    const got = await api(toolById.GET, "GET", "/", { token: a.token, ...p });
    expect(got.json).toMatchObject({ success: true, data: { id, name: "crud_tool", tests: [] } });

    const patched = await api(toolById.PATCH, "PATCH", "/", { token: a.token, ...p, body: {
      description: "Updated", tags: ["x"], category: "ops", isActive: false,
      tools_params: { url: "https://other.example.test/v2", method: "put", api_token: NEW_TOKEN },
    } });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({
      description: "Updated", tags: ["x"], category: "ops", isActive: false, url: "https://other.example.test/v2",
      method: "PUT", api_token_hint: `****${NEW_TOKEN.slice(-4)}`, name: "crud_tool",
    });
    expect(patched.json.data.updatedAt > created.json.data.updatedAt).toBe(true);
    const listed = await api(toolsRoute.GET, "GET", "/api/tools?is_active=false", { token: a.token });
    expect(listed.json.data.map((t: { id: string }) => t.id)).toEqual([id]);

    const noToken = await api(toolById.PATCH, "PATCH", "/", { token: a.token, ...p, body: { tools_params: { api_token: null } } });
    expect(noToken.json.data.api_token_hint).toBeNull();
    for (const body of [{}, { name: "renamed" }, { parameters: { type: "array" } }, { tools_params: { url: "gopher://x" } }]) {
      const res = await api(toolById.PATCH, "PATCH", "/", { token: a.token, ...p, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }

    expect((await api(toolById.DELETE, "DELETE", "/", { token: a.token, ...p })).json).toMatchObject({ success: true, data: { id } });
    expect((await api(toolById.GET, "GET", "/", { token: a.token, ...p })).status).toBe(404);
    expect((await api(toolById.DELETE, "DELETE", "/", { token: a.token, ...p })).status).toBe(404);
  });

  it("hides another account's tool: 404 on GET, PATCH, DELETE and test", async () => {
    const mine = await register(a.token, registration(["private_tool"]));
    const p = { params: { tool_id: mine.json.data.id } };
    const answers = [
      await api(toolById.GET, "GET", "/", { token: b.token, ...p }),
      await api(toolById.PATCH, "PATCH", "/", { token: b.token, ...p, body: { description: "pwned" } }),
      await api(toolById.DELETE, "DELETE", "/", { token: b.token, ...p }),
      await api(toolTest.POST, "POST", "/", { token: b.token, ...p, body: { city: "Paris" } }),
      await api(toolById.GET, "GET", "/", { token: b.token, params: { tool_id: "not-a-uuid" } }),
    ];
    for (const res of answers) expect(res).toMatchObject({ status: 404, json: { success: false } });
    expect((await api(toolById.GET, "GET", "/", { token: a.token, ...p })).json.data.description).toBe("The private_tool tool");
    const listB = await api(toolsRoute.GET, "GET", "/api/tools?limit=200", { token: b.token });
    expect(listB.json.data.map((t: { name: string }) => t.name)).toEqual(["get_weather"]);
  });
});

describe("the api_token at rest", () => {
  it("never appears in a response body nor in the stored rows or SQLite files", async () => {
    expect(bodies.length).toBeGreaterThan(30);
    for (const body of bodies) {
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(NEW_TOKEN);
    }
    const bytes = await storedBytes(dbFile);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(containsSecret(bytes, TOKEN)).toBe(false);
    expect(containsSecret(bytes, NEW_TOKEN)).toBe(false);
    // The search itself works: a value known to be stored in plaintext is found.
    expect(containsSecret(bytes, "The private_tool tool")).toBe(true);
  });
});
