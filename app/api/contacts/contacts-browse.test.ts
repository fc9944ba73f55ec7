import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as listsRoute from "./route";
import * as listRoute from "./[list_id]/route";
import * as addRoute from "./[list_id]/add/route";

let token: string;
let listId: string;
const NAMES = ["Ada Lovelace", "Grace Hopper", "Linus Torvalds", "Margaret Hamilton", "Ken Thompson"];

const page = (qs: string) => call(listRoute.GET, "GET", `/api/contacts/${listId}?${qs}`, { token, params: { list_id: listId } });

async function all(qs: string) {
  const numbers: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await page(`${qs}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    numbers.push(...res.json.contacts.map((c: { phone_number: string }) => c.phone_number));
    expect(res.json.has_more).toBe(res.json.next_cursor !== null);
    cursor = res.json.next_cursor;
    pages++;
  } while (cursor);
  return { numbers, pages };
}

beforeAll(async () => {
  await useTempDatabase();
  token = (await newAccountWithToken("Browse")).token;
  const created = await call(listsRoute.POST, "POST", "/api/contacts", { token, body: { name: "Browse", default_country: "GB" } });
  listId = created.json.list_id;
  // 25 UK numbers +44 20 7946 00NN plus one US number; names cycle through NAMES.
  const contacts = Array.from({ length: 25 }, (_, i) => ({
    phone_number: `020 7946 ${String(i).padStart(4, "0")}`,
    template_variables: { name: NAMES[i % NAMES.length], n: i },
  }));
  contacts.push({ phone_number: "+1 415 555 0102", template_variables: { name: "Ünïcode Åsa", n: 25 } });
  const res = await call(addRoute.POST, "POST", `/api/contacts/${listId}/add`, { token, params: { list_id: listId }, body: { contacts } });
  expect(res.json.total_added).toBe(26);
});

describe("GET /api/contacts/{list_id}", () => {
  it("returns the list with its contacts newest first; concatenated pages are all contacts, no repeats", async () => {
    const first = await page("limit=10");
    expect(first.json).toMatchObject({ list_id: listId, name: "Browse", default_country: "GB", contact_count: 26, has_more: true });
    const { numbers, pages } = await all("limit=10");
    expect(pages).toBe(3);
    expect(numbers).toHaveLength(26);
    expect(new Set(numbers).size).toBe(26);
    expect(numbers[0]).toBe("+14155550102");
    expect(numbers[25]).toBe("+442079460000");
  });

  it("searches numbers by their digits in any format, national or international", async () => {
    expect((await all("q=0102")).numbers).toEqual(["+14155550102"]);
    expect((await all("q=%2B1%20(415)")).numbers).toEqual(["+14155550102"]);
    expect((await all(`q=${encodeURIComponent("020 7946 0012")}`)).numbers).toEqual(["+442079460012"]);
    expect((await all("q=7946001&limit=3")).numbers).toHaveLength(10); // 0010–0019, across pages
  });

  it("searches template variable values, case-insensitively, and finds nothing for no match", async () => {
    expect((await all("q=hopper")).numbers).toHaveLength(5);
    expect((await all("q=GRACE%20H&limit=2")).numbers).toHaveLength(5);
    expect((await all(`q=${encodeURIComponent("ünï")}`)).numbers).toEqual(["+14155550102"]);
    // Variable names are not searched, only values.
    expect((await all("q=name")).numbers).toEqual([]);
  });

  it("refuses a bad limit, cursor or unknown parameter with a 400", async () => {
    for (const qs of ["limit=0", "limit=201", "cursor=%%%", "sort=asc"]) expect((await page(qs)).status).toBe(400);
  });
});
