import { describe, expect, it } from "vitest";
import { countWords } from "./analyze-count";

// "Analyze these calls": the confirmation's count. The loaded rows are exact only when all
// are loaded; what a run would analyse comes from the server's preview (undefined while counting).

describe("countWords", () => {
  it("with every row loaded: how many match, and how many of them a run would analyse", () => {
    expect(countWords(3, true, undefined)).toBe("3 calls match the call log's filters; counting those that can be analysed…");
    expect(countWords(3, true, 3)).toBe("3 calls match the call log's filters; all 3 can be analysed.");
    expect(countWords(3, true, 2)).toBe("3 calls match the call log's filters; 2 of them can be analysed.");
    expect(countWords(3, true, 0)).toBe("3 calls match the call log's filters; none can be analysed.");
    expect(countWords(1, true, 1)).toBe("1 call matches the call log's filters; it can be analysed.");
  });

  it("past the last loaded page: no floor, only the server's exact total", () => {
    expect(countWords(100, false, undefined)).toBe("Counting the calls that match the call log's filters…");
    expect(countWords(100, false, 4)).toBe("4 calls that match the call log's filters can be analysed.");
    expect(countWords(100, false, 1)).toBe("1 call that matches the call log's filters can be analysed.");
    expect(countWords(100, false, 0)).toBe("None of the calls that match the call log's filters can be analysed.");
    expect(countWords(100, false, 2500)).toMatch(/^2.500 calls that match/);
  });
});
