import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { defaultChoices, findPhoneColumn, mappingErrors, splitPastedNumbers, toVariableKey } from "./csv-columns";
import { invalidRowsCsv } from "./invalid-csv";

describe("findPhoneColumn", () => {
  it("finds phone_number, contact_number, phone, number in that order, case-insensitively", () => {
    expect(findPhoneColumn(["name", "Phone Number"])).toBe(1);
    expect(findPhoneColumn(["NUMBER", "Contact_Number"])).toBe(1);
    expect(findPhoneColumn(["number", "Phone"])).toBe(1);
    expect(findPhoneColumn(["Number", "name"])).toBe(0);
    expect(findPhoneColumn(["name", "mobile"])).toBe(-1);
    expect(findPhoneColumn(["name", "mobile"], "Mobile")).toBe(1);
  });
});

describe("column mapping", () => {
  it("names the other columns by toVariableKey and skips the ones that cannot be named", () => {
    expect(defaultChoices(["First Name", "phone", "2nd line", "!!!"], 1)).toEqual([
      { index: 0, key: "First_Name", include: true },
      { index: 2, key: "_2nd_line", include: true },
      { index: 3, key: "", include: false },
    ]);
    expect(toVariableKey("e-mail (work)")).toBe("e_mail_work");
  });

  it("flags bad and repeated names of included columns only, and too many variables", () => {
    const { byColumn, tooMany } = mappingErrors([
      { index: 0, key: "first_name", include: true },
      { index: 1, key: "first-name", include: true },
      { index: 2, key: "first_name", include: true },
      { index: 3, key: "9lives", include: false },
      { index: 4, key: "", include: true },
    ]);
    expect(byColumn.get(1)).toMatch(/^Invalid name/);
    expect(byColumn.get(2)).toMatch(/already used/);
    expect(byColumn.has(0)).toBe(false);
    expect(byColumn.has(3)).toBe(false);
    expect(byColumn.get(4)).toBe("Name is required");
    expect(tooMany).toBeNull();
    const wide = Array.from({ length: 101 }, (_, index) => ({ index, key: `v${index}`, include: true }));
    expect(mappingErrors(wide).tooMany).toMatch(/At most 100/);
  });
});

describe("splitPastedNumbers", () => {
  it("splits on lines, commas and semicolons and drops blanks", () => {
    expect(splitPastedNumbers("+1 415 555 0102\r\n\n 4155550103 , (415) 555-0104;;\n")).toEqual(
      ["+1 415 555 0102", "4155550103", "(415) 555-0104"]);
    expect(splitPastedNumbers(" \n , ")).toEqual([]);
  });
});

describe("invalidRowsCsv", () => {
  it("writes row number, original cells and reason, in file order, and defuses formulas but not numbers", () => {
    const header = ["phone", "name"];
    const rows = [["+1 415 555 0102", "ok"], ["=HYPERLINK(\"x\")", "Eve, \"the\" attacker"], ["-12", "+SUM(A1)"]];
    const csv = invalidRowsCsv(header, rows, new Map([[2, "too short"], [1, "not a phone number"]]), 2);
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed).toEqual([
      ["row", "phone", "name", "reason"],
      ["3", "'=HYPERLINK(\"x\")", "Eve, \"the\" attacker", "not a phone number"],
      ["4", "-12", "'+SUM(A1)", "too short"],
    ]);
    expect(invalidRowsCsv(header, [["+1 (415) 555-0102", "a"]], new Map([[0, "r"]]), 1)).toContain("\r\n1,+1 (415) 555-0102,a,r");
  });
});
