import { describe, expect, it } from "vitest";
import { campaignFigures } from "./stats";

describe("campaignFigures", () => {
  it("answer rate is completed over calls that ended: calls still in flight do not lower it", () => {
    const f = campaignFigures(
      [{ state: "completed", n: 3, attempts: 3 }, { state: "no_answer", n: 1, attempts: 2 }, { state: "in_progress", n: 2, attempts: 2 }],
      [{ status: "completed", n: 3, cost: 0.3 }, { status: "no-answer", n: 2, cost: 0 }, { status: "busy", n: 1, cost: 0.00004 }, { status: "in-progress", n: 2, cost: 0.1 }],
    );
    expect(f.answer_rate).toBe(0.5);
    expect(f).toMatchObject({ total: 6, attempts: 7, cost: 0.4, in_flight: 2, counts: { completed: 3, no_answer: 1, in_progress: 2, pending: 0 } });
  });

  it("has no answer rate before a call ended; a draft counts its list as pending", () => {
    const f = campaignFigures([], [{ status: "ringing", n: 1, cost: 0 }], 12);
    expect(f).toMatchObject({ answer_rate: null, total: 12, attempts: 0, in_flight: 0, counts: { pending: 12 } });
  });
});
