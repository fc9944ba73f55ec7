import { describe, expect, it } from "vitest";
import { countMatches, highlight, parseTranscript } from "./transcript";

describe("parseTranscript", () => {
  it("splits Agent/User lines into turns with roles", () => {
    expect(parseTranscript("Agent: Hello!\nUser: I want a refund\r\nAgent: Sure.")).toEqual([
      { speaker: "Agent", role: "agent", text: "Hello!" },
      { speaker: "User", role: "user", text: "I want a refund" },
      { speaker: "Agent", role: "agent", text: "Sure." },
    ]);
  });

  it("knows common speaker names and keeps others as they are", () => {
    const turns = parseTranscript("Assistant: hi\nCustomer: hey\nDr. Lee: hello");
    expect(turns.map((t) => t.role)).toEqual(["agent", "user", "other"]);
    expect(turns[2].speaker).toBe("Dr. Lee");
  });

  it("continues a turn on lines without a speaker, skips blank lines, and does not split times", () => {
    const turns = parseTranscript("Agent: We open at\n10:30 on Monday.\n\nUser: The time is 9:15 then?\nok");
    expect(turns).toEqual([
      { speaker: "Agent", role: "agent", text: "We open at\n10:30 on Monday." },
      { speaker: "User", role: "user", text: "The time is 9:15 then?\nok" },
    ]);
  });

  it("keeps text before any speaker as a turn without one, and handles empty input", () => {
    expect(parseTranscript("hello there\nAgent: hi")).toEqual([
      { speaker: "", role: "other", text: "hello there" },
      { speaker: "Agent", role: "agent", text: "hi" },
    ]);
    expect(parseTranscript("")).toEqual([]);
    expect(parseTranscript("This sentence is much too long to be a speaker label: really")).toEqual([
      { speaker: "", role: "other", text: "This sentence is much too long to be a speaker label: really" },
    ]);
  });
});

describe("highlight", () => {
  it("marks every case-insensitive match and keeps the text intact", () => {
    const segs = highlight("Refund? yes, a refund.", "refund");
    expect(segs.filter((s) => s.match).map((s) => s.text)).toEqual(["Refund", "refund"]);
    expect(segs.map((s) => s.text).join("")).toBe("Refund? yes, a refund.");
  });

  it("treats the query literally and ignores an empty one", () => {
    expect(highlight("cost (USD) is $1.50", "$1.5").filter((s) => s.match)).toEqual([{ text: "$1.5", match: true }]);
    expect(highlight("a.b", ".").filter((s) => s.match)).toHaveLength(1);
    expect(highlight("abc", "  ")).toEqual([{ text: "abc", match: false }]);
  });

  it("counts matches over turns", () => {
    expect(countMatches(parseTranscript("Agent: refund\nUser: REFUND refund"), "refund")).toBe(3);
  });
});
