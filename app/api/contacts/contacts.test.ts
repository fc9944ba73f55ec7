import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as listsRoute from "./route";
import * as listRoute from "./[list_id]/route";
import * as addRoute from "./[list_id]/add/route";
import * as contactRoute from "./[list_id]/contacts/[contact_id]/route";

type Who = { accountId: string; token: string };
let a: Who;
let b: Who;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Distinct valid US numbers: +1 415 200 0000 + i. */
const usNumber = (i: number) => `+1415200${String(i).padStart(4, "0")}`;

async function newList(who: Who, body: Record<string, unknown> = { name: "Leads", default_country: "US" }) {
  const res = await call(listsRoute.POST, "POST", "/api/contacts", { token: who.token, body });
  expect(res.status).toBe(201);
  return res.json.list_id as string;
}
const add = (who: Who, listId: string, contacts: unknown) =>
  call(addRoute.POST, "POST", `/api/contacts/${listId}/add`, { token: who.token, params: { list_id: listId }, body: { contacts } });
const getList = (who: Who, listId: string, qs = "") =>
  call(listRoute.GET, "GET", `/api/contacts/${listId}${qs}`, { token: who.token, params: { list_id: listId } });
const phones = (...numbers: string[]) => numbers.map((phone_number) => ({ phone_number }));

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
});

describe("contact lists", () => {
  it("creates a list: 201 with exactly list_id, name, default_country, contact_count, created_at", async () => {
    const res = await call(listsRoute.POST, "POST", "/api/contacts", { token: a.token, body: { name: " Leads ", default_country: "us" } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["contact_count", "created_at", "default_country", "list_id", "name"]);
    expect(res.json).toMatchObject({ name: "Leads", default_country: "US", contact_count: 0 });
    expect(res.json.list_id).toMatch(UUID_RE);
    const bare = await call(listsRoute.POST, "POST", "/api/contacts", { token: a.token, body: { name: "No country" } });
    expect(bare.json.default_country).toBeNull();
  });

  it.each([
    ["name", { default_country: "US" }],
    ["name", { name: "   " }],
    ["default_country", { name: "x", default_country: "ZZ" }],
  ])("refuses a bad %s with a 400 naming it", async (field, body) => {
    const res = await call(listsRoute.POST, "POST", "/api/contacts", { token: a.token, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(field);
  });

  it("lists the account's lists newest first with counts, paginated without repeats", async () => {
    const who = await newAccountWithToken("Lister");
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await newList(who, { name: `L${i}` }));
    await add(who, ids[4], phones(usNumber(1), usNumber(2)));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = cursor ? `&cursor=${cursor}` : "";
      const res = await call(listsRoute.GET, "GET", `/api/contacts?limit=2${qs}`, { token: who.token });
      expect(res.status).toBe(200);
      seen.push(...res.json.lists.map((l: { list_id: string }) => l.list_id));
      if (seen.length === 2) expect(res.json.lists[0]).toMatchObject({ list_id: ids[4], contact_count: 2 });
      cursor = res.json.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it("renames, deletes a contact (count follows) and deletes a list with its contacts", async () => {
    const id = await newList(a);
    const added = await add(a, id, phones(usNumber(10), usNumber(11)));
    const renamed = await call(listRoute.PATCH, "PATCH", "/", { token: a.token, params: { list_id: id }, body: { name: "Renamed" } });
    expect(renamed.json).toMatchObject({ list_id: id, name: "Renamed", contact_count: 2 });
    const contactId = added.json.added_contacts[0].contact_id;
    const del = () => call(contactRoute.DELETE, "DELETE", "/", { token: a.token, params: { list_id: id, contact_id: contactId } });
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    expect((await getList(a, id)).json).toMatchObject({ contact_count: 1, contacts: [{ phone_number: usNumber(11) }] });
    // Deleted number can be added again.
    expect((await add(a, id, phones(usNumber(10)))).json.total_added).toBe(1);
    expect((await call(listRoute.DELETE, "DELETE", "/", { token: a.token, params: { list_id: id } })).status).toBe(200);
    expect((await getList(a, id)).status).toBe(404);
  });
});

describe("POST /api/contacts/{list_id}/add", () => {
  it("answers exactly the spec's fields, E.164 in added_contacts", async () => {
    const id = await newList(a);
    const res = await add(a, id, [{ phone_number: "+1 (415) 555-0102", template_variables: { first_name: "Ada", vip: true, score: 3.5 } }]);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(
      ["added_contacts", "duplicate_contacts", "list_id", "message", "status", "total_added", "total_duplicates"]);
    expect(res.json).toMatchObject({ status: "success", message: "Added 1 contacts, skipped 0 duplicates", list_id: id,
      duplicate_contacts: [], total_added: 1, total_duplicates: 0 });
    expect(res.json.added_contacts).toEqual([{ contact_id: expect.stringMatching(UUID_RE), phone_number: "+14155550102" }]);
    const got = await getList(a, id);
    expect(got.json.contacts).toEqual([{ contact_id: res.json.added_contacts[0].contact_id, phone_number: "+14155550102",
      phone_number_as_sent: "+1 (415) 555-0102", template_variables: { first_name: "Ada", vip: true, score: 3.5 }, created_at: expect.any(String) }]);
  });

  it("treats one number in different formats as a duplicate, within a request and across requests", async () => {
    const id = await newList(a);
    const first = await add(a, id, phones("+1 (415) 555-0102", "+14155550102", "(415) 555-0102", "415.555.0103"));
    expect(first.json).toMatchObject({ total_added: 2, total_duplicates: 2, duplicate_contacts: ["+14155550102", "(415) 555-0102"],
      message: "Added 2 contacts, skipped 2 duplicates" });
    expect(first.json.added_contacts.map((c: { phone_number: string }) => c.phone_number)).toEqual(["+14155550102", "+14155550103"]);
    const second = await add(a, id, phones("(415) 555-0102", "+1 415 555 0103", "+1 415 555 0104"));
    expect(second.json).toMatchObject({ total_added: 1, total_duplicates: 2, duplicate_contacts: ["(415) 555-0102", "+1 415 555 0103"] });
    expect((await getList(a, id)).json.contact_count).toBe(3);
  });

  it("reads numbers without + with the list's default country, and refuses them without one", async () => {
    const gb = await newList(a, { name: "UK", default_country: "GB" });
    const res = await add(a, gb, phones("020 7946 0958", "+1 415 555 0102"));
    expect(res.json.added_contacts.map((c: { phone_number: string }) => c.phone_number)).toEqual(["+442079460958", "+14155550102"]);
    const none = await newList(a, { name: "No default" });
    const refused = await add(a, none, phones("(415) 555-0102"));
    expect(refused.status).toBe(422);
    expect(refused.json.invalid_contacts[0].reason).toMatch(/country code/);
  });

  it("refuses the whole request with a 422 listing each unreadable row, adding nothing", async () => {
    const id = await newList(a);
    const res = await add(a, id, phones(usNumber(1), "123", usNumber(2), "call me", "+1 123 555 0102", ""));
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: 422, message: expect.stringContaining("nothing was added") });
    expect(res.json.invalid_contacts.map((c: { index: number; phone_number: string }) => [c.index, c.phone_number]))
      .toEqual([[1, "123"], [3, "call me"], [4, "+1 123 555 0102"], [5, ""]]);
    for (const c of res.json.invalid_contacts) expect(c.reason).toEqual(expect.any(String));
    expect((await getList(a, id)).json).toMatchObject({ contact_count: 0, contacts: [] });
  });

  it.each([
    ["contacts[1].template_variables.1st", { "1st": "x" }],
    ["contacts[1].template_variables.first-name", { "first-name": "x" }],
    ["contacts[1].template_variables.a", { a: { nested: true } }],
    ["contacts[1].template_variables.a", { a: null }],
    ["contacts[1].template_variables.a", { a: "x".repeat(2001) }],
    ["contacts[1].template_variables", "not an object"],
  ])("refuses bad template variables with a 400 naming %s", async (path, template_variables) => {
    const id = await newList(a);
    const res = await add(a, id, [{ phone_number: usNumber(1) }, { phone_number: usNumber(2), template_variables }]);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(path);
    expect((await getList(a, id)).json.contact_count).toBe(0);
  });

  it("refuses a malformed envelope or contact with a 400", async () => {
    const id = await newList(a);
    expect((await add(a, id, [])).status).toBe(400);
    expect((await add(a, id, "x")).status).toBe(400);
    const extra = await add(a, id, [{ phone_number: usNumber(1), name: "Ada" }]);
    expect(extra.status).toBe(400);
    expect(extra.json.message).toContain("contacts[0]");
    const notString = await add(a, id, [{ phone_number: 14155550102 }]);
    expect(notString.json.message).toContain("contacts[0].phone_number");
  });

  it("is 404 for another account's list or an unknown one, 400 for a list_id that is not a uuid", async () => {
    const id = await newList(a);
    await add(a, id, phones(usNumber(1)));
    expect((await add(b, id, phones(usNumber(2)))).status).toBe(404);
    expect((await add(b, crypto.randomUUID(), phones(usNumber(2)))).status).toBe(404);
    expect((await getList(b, id)).status).toBe(404);
    expect((await call(listRoute.PATCH, "PATCH", "/", { token: b.token, params: { list_id: id }, body: { name: "x" } })).status).toBe(404);
    expect((await call(listRoute.DELETE, "DELETE", "/", { token: b.token, params: { list_id: id } })).status).toBe(404);
    const contactId = (await getList(a, id)).json.contacts[0].contact_id;
    expect((await call(contactRoute.DELETE, "DELETE", "/", { token: b.token, params: { list_id: id, contact_id: contactId } })).status).toBe(404);
    expect((await getList(a, id)).json.contact_count).toBe(1);
    const bad = await add(a, "not-a-uuid", phones(usNumber(2)));
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 400, message: expect.stringContaining("list_id") });
    expect((await getList(a, "123")).status).toBe(400);
  });

  it("refuses more than 10,000 contacts with the limit in the message", async () => {
    const id = await newList(a);
    const res = await add(a, id, Array.from({ length: 10_001 }, (_, i) => ({ phone_number: usNumber(i % 10_000) })));
    expect(res.status).toBe(413);
    expect(res.json.message).toContain("10000");
  });

  it("adds a 10,000-contact request, and re-adding it finds only duplicates", async () => {
    const id = await newList(a);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ phone_number: usNumber(i), template_variables: { n: i } }));
    const res = await add(a, id, rows);
    expect(res.status).toBe(200);
    expect(res.json.total_added).toBe(10_000);
    expect(new Set(res.json.added_contacts.map((c: { contact_id: string }) => c.contact_id)).size).toBe(10_000);
    const again = await add(a, id, rows);
    expect(again.json).toMatchObject({ total_added: 0, total_duplicates: 10_000 });
    expect((await getList(a, id)).json.contact_count).toBe(10_000);
  });

  it("adds each number once under 20 concurrent overlapping requests in this process", async () => {
    const id = await newList(a);
    const requests = Array.from({ length: 20 }, (_, r) => Array.from({ length: 200 }, (_, i) => usNumber(r * 50 + i)));
    const results = await Promise.all(requests.map((numbers) => add(a, id, phones(...numbers))));
    const distinct = new Set(requests.flat()).size;
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.reduce((n, r) => n + r.json.total_added, 0)).toBe(distinct);
    expect((await getList(a, id)).json.contact_count).toBe(distinct);
  });
});
