import { describe, expect, it } from "vitest";
import { parseCsvStream } from "./csv-stream";

/** A byte stream delivered in the given pieces (split wherever the test wants, even mid-character). */
function streamOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(p);
      controller.close();
    },
  });
}

function splitEvery(bytes: Uint8Array, size: number): Uint8Array[] {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

async function parse(pieces: Uint8Array[]) {
  const rows: string[][] = [];
  let lastBytes = 0;
  await parseCsvStream(streamOf(pieces), (r) => rows.push(...r), (b) => (lastBytes = b));
  return { rows, lastBytes };
}

describe("parseCsvStream", () => {
  const text = '\uFEFFphone,name,note\r\n+1 415 555 0102,Zoë,"two\nlines, and ""quotes"""\r\n\r\n,,\n4155550103,日本語,😀\n';
  const bytes = new TextEncoder().encode(text);
  const expected = [
    ["phone", "name", "note"],
    ["+1 415 555 0102", "Zoë", 'two\nlines, and "quotes"'],
    ["4155550103", "日本語", "😀"],
  ];

  it("reads every row whole when chunks split characters, lines and quoted fields (any chunk size)", async () => {
    for (const size of [1, 2, 3, 5, 7, 64, bytes.length]) {
      const { rows, lastBytes } = await parse(splitEvery(bytes, size));
      expect(rows, `chunk size ${size}`).toEqual(expected);
      expect(lastBytes).toBe(bytes.length);
    }
  });

  it("handles no trailing newline, semicolons, CR-only line ends and an empty file", async () => {
    expect((await parse([new TextEncoder().encode("a;b\n1;2")])).rows).toEqual([["a", "b"], ["1", "2"]]);
    expect((await parse([])).rows).toEqual([]);
    // Classic Mac line ends, delivered one byte at a time.
    expect((await parse(splitEvery(new TextEncoder().encode("a,b\r1,2\r3,4"), 1))).rows).toEqual([["a", "b"], ["1", "2"], ["3", "4"]]);
  });

  it("reads 200,000 rows in order", async () => {
    const big = "phone\n" + Array.from({ length: 200_000 }, (_, i) => `+1415200${String(i % 10_000).padStart(4, "0")}`).join("\n");
    const { rows } = await parse(splitEvery(new TextEncoder().encode(big), 65_536));
    expect(rows).toHaveLength(200_001);
    expect(rows[200_000]).toEqual(["+14152009999"]);
  });
});
