import { describe, expect, it } from "vitest";
import { CreateTestBody } from "@/lib/agents/tests/schema";
import { suggestedExpectations, toExpectation } from "./save-test-values";
import type { Entry } from "./use-test-chat";

describe("Save as test case: the expectations it starts from", () => {
  it("names each tool called once, then the last reply's first sentence", () => {
    const entries: Entry[] = [
      { kind: "welcome", text: "Hello Ada!" },
      { kind: "user", text: "Book me on Monday" },
      { kind: "tool", id: "c1", name: "book_slot", args: {} },
      { kind: "tool", id: "c2", name: "book_slot", args: {} },
      { kind: "assistant", text: "Booked you for Monday at 10. Anything else?", done: true },
      { kind: "error", message: "late failure" },
    ];
    const drafted = suggestedExpectations(entries);
    expect(drafted).toEqual([
      { type: "tool_called", value: "book_slot" },
      { type: "reply_contains", value: "Booked you for Monday at 10." },
    ]);
    // What the dialog sends is a body the API's own schema accepts.
    const body = CreateTestBody.parse({ name: "Books Monday", turns: ["Book me on Monday"], expect: drafted.map(toExpectation) });
    expect(body.expect).toEqual([{ type: "tool_called", tool: "book_slot" }, { type: "reply_contains", text: "Booked you for Monday at 10." }]);
  });

  it("suggests nothing for a conversation without tools or replies (the form then asks for one)", () => {
    expect(suggestedExpectations([{ kind: "user", text: "Hi" }, { kind: "assistant", text: "  ", done: true }])).toEqual([]);
  });
});
