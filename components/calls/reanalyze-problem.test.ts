import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/fetch-json";
import { reanalyzeProblem } from "./reanalyze-problem";

// The 422 body as the details family sends it: {error, message, field, errors}.
const refused = (field: string, message = "Cannot analyse") =>
  new ApiError(422, message, { error: 422, message, field, errors: [{ path: field, message: "…" }] }, { [field]: "…" });

describe("reanalyzeProblem", () => {
  it("names each 422 reason in words an operator can act on", () => {
    expect(reanalyzeProblem(refused("provider_id"))).toEqual({ kind: "provider", message: "Connect an AI provider in Settings to analyse calls." });
    expect(reanalyzeProblem(refused("analysis_plan")).kind).toBe("plan");
    expect(reanalyzeProblem(refused("transcription")).kind).toBe("transcript");
    expect(reanalyzeProblem(refused("status")).message).toBe("Only completed calls are analysed.");
  });

  it("falls back to the first field error when the body has no field, and to the server's message otherwise", () => {
    expect(reanalyzeProblem(new ApiError(422, "x", { error: 422, message: "x" }, { provider_id: "none" })).kind).toBe("provider");
    expect(reanalyzeProblem(refused("something_new", "Cannot analyse: something_new: why"))).toEqual({ kind: "other", message: "Cannot analyse: something_new: why" });
    expect(reanalyzeProblem(new ApiError(500, "Internal error (request id 1)"))).toEqual({ kind: "other", message: "Internal error (request id 1)" });
  });

  it("says what a 403 and a 404 mean, and passes a network error's message through", () => {
    expect(reanalyzeProblem(new ApiError(403, "Forbidden")).message).toMatch(/editor or higher/);
    expect(reanalyzeProblem(new ApiError(404, "Call not found")).message).toMatch(/no longer in your account/);
    expect(reanalyzeProblem(new Error("offline")).message).toBe("offline");
  });
});
