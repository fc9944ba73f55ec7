import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createList, getList, listContacts } from "@/lib/contacts/db/contacts";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { toVariableKey } from "@/lib/contacts/csv-columns";
import { contactsImport } from "./contacts-import";

let accountId: string;
let dir: string;

beforeAll(async () => {
  await useTempDatabase();
  accountId = (await newAccountWithToken("Importer")).accountId;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-csv-"));
});

function csv(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Runs the command, checking that it leaves stdout to the dispatcher (which prints the report once). */
async function runImport(args: string[]) {
  const writes: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    const report = await contactsImport(args);
    expect(writes).toHaveLength(0);
    return report;
  } finally {
    spy.mockRestore();
  }
}

describe("contacts import", () => {
  it("imports a CSV: auto-detected phone column, variables, duplicates and bad rows with line numbers", async () => {
    const list = await createList(accountId, "CSV", "US");
    const file = csv("leads.csv", [
      "\uFEFFPhone Number,First Name,city", // line 1, with a byte-order mark as spreadsheets write it
      "+1 (415) 555-0102,Ada,San Francisco", // 2
      "\"(415) 555-0103\",\"Grace\nHopper\",Arlington", // 3-4: a quoted cell spanning two lines
      "12345,Bad,Nowhere", // 5: invalid
      "", // 6: blank
      "+14155550102,Ada again,SF", // 7: duplicate of line 2 in another format
      ",Empty,None", // 8: invalid (empty)
      "415 555 0104,Linus,Portland", // 9
      "",
    ].join("\n"));
    const report = await runImport(["--list", list.list_id, file]);
    expect(report.added).toBe(3);
    expect(report.duplicates).toBe(1);
    expect(report.invalid.map((r) => [r.line, r.phone_number])).toEqual([[5, "12345"], [8, ""]]);
    expect(report.invalid[0].reason).toEqual(expect.any(String));

    const stored = await listContacts(accountId, list.list_id, { limit: 10 });
    expect(stored.contacts.map((c) => c.phone_number)).toEqual(["+14155550104", "+14155550103", "+14155550102"]);
    expect(stored.contacts[1].template_variables).toEqual({ First_Name: "Grace\nHopper", city: "Arlington" });
    expect((await getList(accountId, list.list_id))?.contact_count).toBe(3);

    const again = await runImport(["--list", list.list_id, file]);
    expect(again).toMatchObject({ added: 0, duplicates: 4 });
  });

  it("streams large files in batches of 5,000 and keeps line numbers right across batches", async () => {
    const list = await createList(accountId, "Big", "US");
    const lines = ["mobile,contact_id_ext"];
    for (let i = 0; i < 12_000; i++) lines.push(i === 7_500 ? "not a number,x" : `+1415${2_000_000 + i},${i}`);
    const file = csv("big.csv", lines.join("\r\n"));
    const report = await runImport(["--phone-column", "MOBILE", "--list", list.list_id, file]);
    expect(report).toEqual({ added: 11_999, duplicates: 0, invalid: [{ line: 7_502, phone_number: "not a number", reason: "not a phone number" }] });
    expect((await getList(accountId, list.list_id))?.contact_count).toBe(11_999);
  });

  it("prefers phone_number, then contact_number, phone, number (case-insensitive)", async () => {
    const list = await createList(accountId, "Cols", "US");
    const file = csv("cols.csv", "number,CONTACT_NUMBER,name\n999,415 555 0110,Ann\n");
    expect(await runImport(["--list", list.list_id, file])).toEqual({ added: 1, duplicates: 0, invalid: [] });
    const [c] = (await listContacts(accountId, list.list_id, { limit: 5 })).contacts;
    expect(c).toMatchObject({ phone_number: "+14155550110", template_variables: { number: "999", name: "Ann" } });
  });

  it("fails clearly on a missing phone column, an unknown list, bad arguments or colliding headers", async () => {
    const list = await createList(accountId, "Errors", "US");
    await expect(contactsImport(["--list", list.list_id, csv("nophone.csv", "name,city\nAnn,X\n")])).rejects.toThrow(/no phone column/);
    await expect(contactsImport(["--list", crypto.randomUUID(), csv("ok.csv", "phone\n4155550102\n")])).rejects.toThrow(/not found/);
    await expect(contactsImport(["--list", "nope", csv("ok2.csv", "phone\n4155550102\n")])).rejects.toThrow(/UUID/);
    await expect(contactsImport([csv("ok3.csv", "phone\n4155550102\n")])).rejects.toThrow(/usage/);
    await expect(contactsImport(["--list", list.list_id, csv("clash.csv", "phone,First Name,First_Name\n4155550102,a,b\n")])).rejects.toThrow(/both become/);
    expect((await getList(accountId, list.list_id))?.contact_count).toBe(0);
  });

  it("turns headers into template variable names", () => {
    expect(toVariableKey(" First Name ")).toBe("First_Name");
    expect(toVariableKey("2nd-line")).toBe("_2nd_line");
    expect(toVariableKey("e-mail (work)")).toBe("e_mail_work");
  });
});
