import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Front desk")).toBe("Front desk");
    expect(csvCell(61.5)).toBe("61.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("Agent: Hi\nUser: Hello")).toBe('"Agent: Hi\nUser: Hello"');
    expect(csvCell("x\r\ny")).toBe('"x\r\ny"');
  });

  it.each(["=1+1", "-2+3", "+cmd|' /C calc'!A0", "@SUM(A1)", "\t=cmd", "\r=cmd", "-1+HYPERLINK(\"x\")"])("neutralises the formula-looking %j", (v) => {
    expect(csvCell(v).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
  });

  it.each(["+14155550101", "+1 (415) 555-0102", "-", "+44 20 7183 8750"])("keeps the phone number %j as written", (v) => {
    expect(csvCell(v)).toBe(v);
  });

  it("round-trips through a CSV parser, formulas shown as text", () => {
    const values = ['=HYPERLINK("http://evil.example","x")', "multi\nline, with \"quotes\"", "+442071838750", "plain", "ünïcödé ✓", "@cmd"];
    const parsed = Papa.parse<string[]>(csvRow(values) + csvRow(values), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[0]).toEqual([`'${values[0]}`, values[1], values[2], values[3], values[4], `'${values[5]}`]);
  });

  it.each([["a;=1+1", "\"a;'=1+1\""], ["x,@SUM(A1)", "\"x,'@SUM(A1)\""], ["a\n-cmd", "\"a\n'-cmd\""], ["a;b", "\"a;b\""], ["call,+14155550101", "\"call,+14155550101\""]])(
    "quotes %j and neutralises a formula after a separator or line break inside it", (v, out) => {
      expect(csvCell(v)).toBe(out);
    });

  it("ends rows with CRLF", () => {
    expect(csvRow(["a", 1])).toBe("a,1\r\n");
  });
});
