import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { detectFormat, readCallFile, type RowItem } from "./call-file";

let dir: string;
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

async function collect(file: string, asyncConsumer: boolean) {
  const items: RowItem[] = [];
  await readCallFile(file, (item) => {
    items.push(item);
    // A consumer that answers with a promise makes the reader pause and resume the parser.
    if (asyncConsumer) return new Promise<void>((resolve) => setImmediate(resolve));
  });
  return items.map((i) => ("error" in i ? [i.line, "error", i.error.split(":")[0]] : [i.line, i.row.call_sid ?? i.row.a]));
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-callfile-"));
});

describe("readCallFile", () => {
  it("detects the format by extension, then by content", () => {
    expect(detectFormat(write("a.jsonl", "{}"))).toBe("jsonl");
    expect(detectFormat(write("a.CSV", "[x]"))).toBe("csv");
    expect(detectFormat(write("a.json", '\uFEFF  [{"a":1}]'))).toBe("json");
    expect(detectFormat(write("a.json2", '{"a":1}\n{"a":2}'))).toBe("jsonl");
    expect(detectFormat(write("a.txt", "call_sid,status\nx,y"))).toBe("csv");
  });

  it.each([false, true])("gives CSV rows the line they start on, across quoted line breaks (async consumer: %s)", async (asyncConsumer) => {
    const csv = [
      "call_sid,transcription", // 1
      'c1,"Agent: hi', // 2
      'User: hello"', // 3
      "", // 4 (blank, skipped)
      "c2,plain", // 5
      "c3,too,many", // 6
      'c4,"a', // 7
      "b", // 8
      'c"', // 9
      "c5,last", // 10
    ].join("\r\n");
    expect(await collect(write(`rows-${asyncConsumer}.csv`, csv), asyncConsumer)).toEqual([
      [2, "c1"], [5, "c2"], [6, "error", "CSV"], [7, "c4"], [10, "c5"],
    ]);
  });

  it("treats empty CSV cells as missing values", async () => {
    const items: RowItem[] = [];
    await readCallFile(write("empty.csv", "call_sid,status,cost\nc1,,0\n"), (i) => void items.push(i));
    expect(items).toEqual([{ line: 2, row: { call_sid: "c1", cost: "0" } }]);
  });

  it("gives JSONL rows their physical line and reports bad JSON and non-objects", async () => {
    const text = ['{"call_sid":"a"}', "", "{oops", "[1]", '  {"call_sid":"b"}  '].join("\n");
    expect(await collect(write("rows.jsonl", text), true)).toEqual([
      [1, "a"], [3, "error", "invalid JSON"], [4, "error", "expected a JSON object"], [5, "b"],
    ]);
  });

  it("gives JSON array elements the line they start on, whatever the strings contain", async () => {
    const text = '[\n  {"call_sid": "a", "t": "x, {y} [z] \\"q\\""},\n\n  42,\n  {\n    "call_sid": "b"\n  }, {"call_sid": "c"}\n]';
    expect(await collect(write("rows.json", text), false)).toEqual([
      [2, "a"], [4, "error", "expected a JSON object"], [5, "b"], [7, "c"],
    ]);
  });

  it("reports a file that is not a JSON array as one error on line 1", async () => {
    expect(await collect(write("bad.json", "[1, 2"), false)).toEqual([[1, "error", "invalid JSON"]]);
  });
});
