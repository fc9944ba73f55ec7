import { beforeAll, describe, expect, it } from "vitest";
import * as lists from "@/app/api/contacts/route";
import * as listById from "@/app/api/contacts/[list_id]/route";
import * as add from "@/app/api/contacts/[list_id]/add/route";
import * as contactById from "@/app/api/contacts/[list_id]/contacts/[contact_id]/route";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { checkResponse, compileSchema, missingHeaders, requestSchema } from "@/lib/testing/openapi";
import { getOpenApiDocument } from "./document";

// The contacts family as documented: every answer of the real handlers, success and error,
// validated against the documented schema for its status.

const doc = getOpenApiDocument();
let token: string;

type Res = Awaited<ReturnType<typeof call>>;
function expectDocumented(path: string, method: string, res: Res) {
  expect(checkResponse(doc, path, method, res.status, res.json), `${method.toUpperCase()} ${path} → ${res.status}`).toEqual([]);
  expect(missingHeaders(doc, path, method, res.status, res.headers)).toEqual([]);
}

beforeAll(async () => {
  await useTempDatabase();
  token = (await newAccountWithToken()).token;
});

describe("documented contacts responses match the handlers", () => {
  it("lists, contacts, add (200, 422, 413, 404, 400) and deletes", async () => {
    const created = await call(lists.POST, "POST", "/api/contacts", { token, body: { name: "Leads", default_country: "US" } });
    expect(created.status).toBe(201);
    expectDocumented("/contacts", "post", created);
    expectDocumented("/contacts", "post", await call(lists.POST, "POST", "/api/contacts", { token, body: { name: "" } }));
    expectDocumented("/contacts", "get", await call(lists.GET, "GET", "/api/contacts", { token }));
    const list_id = created.json.list_id as string;
    const params = { list_id };
    const p = `/api/contacts/${list_id}`;

    const body = { contacts: [{ phone_number: "+1 (415) 555-0102", template_variables: { first_name: "Ada", vip: true } }, { phone_number: "(415) 555-0102" }] };
    const added = await call(add.POST, "POST", `${p}/add`, { token, params, body });
    expect(added.json.total_duplicates).toBe(1);
    expectDocumented("/contacts/{list_id}/add", "post", added);
    const invalid = await call(add.POST, "POST", `${p}/add`, { token, params, body: { contacts: [{ phone_number: "12" }] } });
    expect(invalid.status).toBe(422);
    expectDocumented("/contacts/{list_id}/add", "post", invalid);
    const tooMany = await call(add.POST, "POST", `${p}/add`, { token, params, body: { contacts: Array.from({ length: 10_001 }, () => ({ phone_number: "x" })) } });
    expect(tooMany.status).toBe(413);
    expectDocumented("/contacts/{list_id}/add", "post", tooMany);
    expectDocumented("/contacts/{list_id}/add", "post", await call(add.POST, "POST", "/", { token, params: { list_id: "nope" }, body }));
    expectDocumented("/contacts/{list_id}/add", "post", await call(add.POST, "POST", "/", { token, params: { list_id: crypto.randomUUID() }, body }));

    const detail = await call(listById.GET, "GET", `${p}?limit=1`, { token, params });
    expect(detail.json.contacts).toHaveLength(1);
    expectDocumented("/contacts/{list_id}", "get", detail);
    expectDocumented("/contacts/{list_id}", "patch", await call(listById.PATCH, "PATCH", p, { token, params, body: { name: "Renamed" } }));
    const contact_id = detail.json.contacts[0].contact_id as string;
    expectDocumented("/contacts/{list_id}/contacts/{contact_id}", "delete",
      await call(contactById.DELETE, "DELETE", `${p}/contacts/${contact_id}`, { token, params: { list_id, contact_id } }));
    expectDocumented("/contacts/{list_id}", "delete", await call(listById.DELETE, "DELETE", p, { token, params }));
    expectDocumented("/contacts/{list_id}", "get", await call(listById.GET, "GET", p, { token, params }));
  });

  it("the documented add body accepts what the handler accepts and refuses bad template variables", () => {
    const validate = compileSchema(doc, requestSchema(doc, "/contacts/{list_id}/add", "post"));
    expect(validate({ contacts: [{ phone_number: "+14155550102", template_variables: { a: 1 } }] })).toBe(true);
    expect(validate({ contacts: [{ phone_number: "+14155550102", template_variables: { "1a": 1 } }] })).toBe(false);
    expect(validate({ contacts: [] })).toBe(false);
  });
});
