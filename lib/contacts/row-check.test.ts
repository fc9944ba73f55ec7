import { beforeAll, describe, expect, it } from "vitest";
import * as listsRoute from "@/app/api/contacts/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import {
  buildBatch, classifyRows, continuePhonePass, DUPLICATE, INVALID, newPhonePass, utf8Length, VALID, type VariableColumn,
} from "./row-check";

// The preview promises what POST /add will do. These tests hold it to that against the real
// handler and a real SQLite file: same invalid rows, same duplicates, nothing left over.

let token: string;
beforeAll(async () => {
  await useTempDatabase();
  token = (await newAccountWithToken("Preview")).token;
});

async function newList(default_country: string | null) {
  const res = await call(listsRoute.POST, "POST", "/api/contacts", { token, body: { name: "Preview", default_country } });
  return res.json.list_id as string;
}
const post = (listId: string, body: string) =>
  call(addRoute.POST, "POST", "/", { token, params: { list_id: listId }, body: JSON.parse(body) });

function check(rows: string[][], country: string | null, vars: VariableColumn[] = []) {
  const pass = newPhonePass(0, country);
  // In small steps, as the worker does between progress reports.
  while (continuePhonePass(pass, rows, 3) < rows.length);
  return classifyRows(rows, pass, vars);
}

const ROWS = [
  ["+1 (415) 555-0102", "Ada"],
  ["4155550102", "Ada again"], // same number, national format
  ["not a number", "x"],
  ["(415) 555-0103", "Grace"],
  ["+44 20 7946 0958", "Alan"],
  ["415.555.0103", "Grace again"],
  ["+1 123 555 0102", "no such area code"],
  ["", "empty"],
  ["020 7946 0958", "UK national: only with GB as default"],
  ["+1 415 555 0104 ext 12", "extension dropped"],
];

describe("classifyRows", () => {
  it("marks exactly the rows the server refuses, and the server adds every sendable row, no more", async () => {
    for (const country of ["US", "GB", null]) {
      const listId = await newList(country);
      const result = check(ROWS, country);
      // Everything: the server refuses the request and names the same rows.
      const all = buildBatch(ROWS, Int32Array.from(ROWS.keys()), 0, 0, [], { maxRows: 100, maxBytes: 1e6 });
      const refused = await post(listId, all.body);
      expect(refused.status).toBe(422);
      const serverInvalid = refused.json.invalid_contacts.map((c: { index: number }) => c.index);
      expect(serverInvalid).toEqual([...result.reasons.keys()]);
      expect(refused.json.invalid_contacts.map((c: { reason: string }) => c.reason)).toEqual([...result.reasons.values()]);
      // Every row not invalid: the server adds what the preview calls valid, the rest are its duplicates.
      const notInvalid = Int32Array.from([...ROWS.keys()].filter((i) => result.status[i] !== INVALID));
      const res = await post(listId, buildBatch(ROWS, notInvalid, 0, 0, [], { maxRows: 100, maxBytes: 1e6 }).body);
      expect(res.status).toBe(200);
      expect(res.json.total_added).toBe(result.counts.valid);
      expect(res.json.total_duplicates).toBe(result.counts.duplicates);
      expect(result.counts.valid + result.counts.duplicates + result.counts.invalid).toBe(ROWS.length);
    }
  });

  it("with US as default: the two spellings of 0102 and of 0103 are duplicates of their first row", () => {
    const r = check(ROWS, "US");
    expect([...r.status]).toEqual([VALID, DUPLICATE, INVALID, VALID, VALID, DUPLICATE, INVALID, INVALID, INVALID, VALID]);
    expect(r.duplicateOf[1]).toBe(0);
    expect(r.duplicateOf[5]).toBe(3);
    expect([...r.sendable]).toEqual([0, 3, 4, 9]);
    expect(r.counts).toEqual({ total: 10, valid: 4, invalid: 4, duplicates: 2 });
    expect(r.reasons.get(7)).toBe("empty");
    expect(r.reasons.get(6)).toMatch(/not a valid number/);
  });

  it("refuses a value the API would refuse, and a later row with that number is then the one kept", () => {
    const rows = [["+14155550102", "x".repeat(2001)], ["+14155550102", "ok"]];
    const r = check(rows, "US", [{ index: 1, key: "note" }]);
    expect([...r.status]).toEqual([INVALID, VALID]);
    expect(r.reasons.get(0)).toBe("value of note is longer than 2000 characters");
    // Not included as a variable: the long value is not sent, so the row is fine.
    expect([...check(rows, "US").status]).toEqual([VALID, DUPLICATE]);
  });
});

describe("buildBatch", () => {
  const rows = Array.from({ length: 12 }, (_, i) => [`+1415200${String(i).padStart(4, "0")}`, `Ünï ${i}`, "skipped"]);
  const all = Int32Array.from(rows.keys());
  const vars = [{ index: 1, key: "name" }];

  it("sends the number as written and included columns as strings, in batches of maxRows", () => {
    const first = buildBatch(rows, all, 0, 0, vars, { maxRows: 5, maxBytes: 1e6 });
    expect(first.rows).toEqual([0, 1, 2, 3, 4]);
    expect(first.next).toBe(5);
    expect(JSON.parse(first.body).contacts[1]).toEqual({ phone_number: "+14152000001", template_variables: { name: "Ünï 1" } });
    const last = buildBatch(rows, all, 10, 0, vars, { maxRows: 5, maxBytes: 1e6 });
    expect(last.rows).toEqual([10, 11]);
    expect(last.next).toBe(12);
  });

  it("stays under maxBytes (UTF-8), always takes one row, and skips rows the server refused", () => {
    const b = buildBatch(rows, all, 0, 0, vars, { maxRows: 100, maxBytes: 250 });
    expect(utf8Length(b.body)).toBeLessThanOrEqual(250);
    expect(b.rows.length).toBeGreaterThan(1);
    expect(b.rows.length).toBeLessThan(12);
    expect(buildBatch(rows, all, 0, 0, vars, { maxRows: 100, maxBytes: 1 }).rows).toEqual([0]);
    const skipped = buildBatch(rows, all, 0, 0, vars, { maxRows: 3, maxBytes: 1e6, skip: new Set([1, 2]) });
    expect(skipped.rows).toEqual([0, 3, 4]);
    expect(skipped.next).toBe(5);
  });

  it("counts UTF-8 bytes like TextEncoder", () => {
    for (const s of ["abc", "Ünï", "日本語", "😀 emoji", ""]) expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
  });
});
