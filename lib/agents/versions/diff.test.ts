import { expect, it } from "vitest";
import { diffContent } from "./diff";

// The word diff of a long string (a prompt): changes separated only by whitespace read as one run.

const long = (s: string) => `${s}\n${"Keep this line as it is. ".repeat(6)}`;

it("joins changed words separated only by spaces, and keeps the rest as written", () => {
  const [change] = diffContent({ p: long("Prompt 1 of Versioned") }, { p: long("You are Ava from Acme Dental.") });
  expect(change.words?.slice(0, 2)).toEqual([{ op: "-", text: "Prompt 1 of Versioned" }, { op: "+", text: "You are Ava from Acme Dental." }]);
  expect(change.words?.[2]).toEqual({ op: " ", text: `\n${"Keep this line as it is. ".repeat(6)}` });
});

it("marks one changed word inside a paragraph, not the paragraph", () => {
  const [change] = diffContent({ p: long("Never reveal the cave.") }, { p: long("Never mention the cave.") });
  expect(change.words?.slice(0, 4)).toEqual([{ op: " ", text: "Never " }, { op: "-", text: "reveal" }, { op: "+", text: "mention" }, { op: " ", text: " the cave.\n" + "Keep this line as it is. ".repeat(6) }]);
});
