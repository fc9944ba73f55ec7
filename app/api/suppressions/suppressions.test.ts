import { beforeAll, describe, expect, it } from "vitest";
import { isSuppressed } from "@/lib/suppressions/db";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as listRoute from "./route";
import * as oneRoute from "./[e164]/route";

type Who = { accountId: string; token: string };
let a: Who;
let b: Who;

const add = (who: Who, body: unknown) => call(listRoute.POST, "POST", "/api/suppressions", { token: who.token, body });
const list = (who: Who, qs = "") => call(listRoute.GET, "GET", `/api/suppressions${qs}`, { token: who.token });
const del = (who: Who, e164: string) =>
  call(oneRoute.DELETE, "DELETE", `/api/suppressions/${encodeURIComponent(e164)}`, { token: who.token, params: { e164 } });

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
});

describe("do-not-call list", () => {
  it("adds numbers in E.164, reports repeats, and is scoped by account", async () => {
    const res = await add(a, { phone_numbers: ["+1 (415) 555-0102", "+14155550102", "+44 20 7183 8750"], reason: "asked not to be called" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "success", total_added: 2, added: ["+14155550102", "+442071838750"], already_suppressed: [] });
    const again = await add(a, { phone_numbers: ["+14155550102"] });
    expect(again.json).toMatchObject({ total_added: 0, already_suppressed: ["+14155550102"] });
    expect(await isSuppressed(a.accountId, "+14155550102")).toBe(true);
    expect(await isSuppressed(b.accountId, "+14155550102")).toBe(false);
    const page = await list(a);
    expect(page.status).toBe(200);
    expect(page.json.suppressions.map((s: { phone_number: string }) => s.phone_number).sort()).toEqual(["+14155550102", "+442071838750"]);
    expect(page.json.suppressions[0]).toMatchObject({ reason: "asked not to be called" });
    expect((await list(b)).json.suppressions).toEqual([]);
  });

  it("refuses the whole request when any number is invalid or lacks its country code (422, nothing added)", async () => {
    const res = await add(a, { phone_numbers: ["+14155550109", "415 555 0110", "+1 123 555 0102"] });
    expect(res.status).toBe(422);
    expect(res.json.invalid_phone_numbers.map((i: { index: number }) => i.index)).toEqual([1, 2]);
    expect(await isSuppressed(a.accountId, "+14155550109")).toBe(false);
    const empty = await add(a, { phone_numbers: [] });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain("phone_numbers");
    const extra = await add(a, { phone_numbers: ["+14155550109"], note: "x" });
    expect(extra.status).toBe(400);
  });

  it("says what a number lacks without mentioning a list default country this page does not have", async () => {
    const res = await add(a, { phone_numbers: ["415 555 0110", "+49 30 1"] });
    expect(res.status).toBe(422);
    const [national, invalid] = res.json.invalid_phone_numbers.map((i: { reason: string }) => i.reason);
    expect(national).toMatch(/country code/);
    expect(national).not.toMatch(/list|default country/);
    expect(invalid).toBe("not a valid number for Germany");
  });

  it("searches by digits or reason and pages with a cursor", async () => {
    await add(a, { phone_numbers: Array.from({ length: 7 }, (_, i) => `+1415555${String(300 + i).padStart(4, "0")}`), reason: "Bulk import" });
    const found = await list(a, "?q=555-0102");
    expect(found.json.suppressions.map((s: { phone_number: string }) => s.phone_number)).toEqual(["+14155550102"]);
    expect((await list(a, "?q=bulk")).json.suppressions).toHaveLength(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(a, `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.json.suppressions.map((s: { phone_number: string }) => s.phone_number));
      cursor = res.json.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    expect((await list(a, "?cursor=nonsense")).status).toBe(400);
  });

  it("deletes one number; another account's number or an unknown one is a 404", async () => {
    expect((await del(b, "+442071838750")).status).toBe(404);
    const res = await del(a, "+442071838750");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ phone_number: "+442071838750", status: "deleted" });
    expect(await isSuppressed(a.accountId, "+442071838750")).toBe(false);
    expect((await del(a, "+442071838750")).status).toBe(404);
    expect((await del(a, "14155550102")).status).toBe(200); // the + may be left out of the path
    expect((await del(a, "not-a-number")).status).toBe(400);
  });
});
