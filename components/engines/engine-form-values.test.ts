import { describe, expect, it } from "vitest";
import { enginePatchBody, isEngineField, keyNeededAgain } from "./engine-form-values";

const stored = { name: "Bolna", base_url: "https://api.bolna.ai" };

describe("enginePatchBody", () => {
  it("sends nothing when nothing changed, and a blank key keeps the stored one", () => {
    expect(enginePatchBody(stored, { name: "Bolna ", base_url: "https://api.bolna.ai/", api_key: "  " })).toEqual({});
  });
  it("sends only the fields that changed", () => {
    expect(enginePatchBody(stored, { name: "Prod", base_url: "https://api.bolna.ai", api_key: "" })).toEqual({ name: "Prod" });
    expect(enginePatchBody(stored, { name: "Bolna", base_url: "https://api.bolna.ai/v2", api_key: "bn-new-key-123" }))
      .toEqual({ base_url: "https://api.bolna.ai/v2", api_key: "bn-new-key-123" });
  });
  it("passes a malformed URL on, so the server's message lands beside the field", () => {
    expect(enginePatchBody(stored, { name: "Bolna", base_url: "not a url", api_key: "" })).toEqual({ base_url: "not a url" });
  });
});

describe("enginePatchBody for a Vapi or Retell engine", () => {
  it("adds the number when it changed, beside the common fields", () => {
    const vapi = { ...stored, base_url: "https://api.vapi.ai", provider: "vapi", phone_number_id: "pn_1" };
    expect(enginePatchBody(vapi, { name: "Bolna", base_url: "https://api.vapi.ai", api_key: "", phone_number_id: "pn_1" })).toEqual({});
    expect(enginePatchBody(vapi, { name: "Vapi", base_url: "https://api.vapi.ai", api_key: "", phone_number_id: "" })).toEqual({ name: "Vapi", phone_number_id: null });
  });
});

describe("keyNeededAgain", () => {
  it("asks for the key when the URL moves to another origin without one", () => {
    expect(keyNeededAgain(stored, { name: "Bolna", base_url: "https://bolna.example.com", api_key: "" })).toBe(true);
    expect(keyNeededAgain(stored, { name: "Bolna", base_url: "http://api.bolna.ai", api_key: "" })).toBe(true);
  });
  it("does not for the same origin, an unchanged URL, or a key sent along", () => {
    expect(keyNeededAgain(stored, { name: "Bolna", base_url: "https://api.bolna.ai/v2", api_key: "" })).toBe(false);
    expect(keyNeededAgain(stored, { name: "Other", base_url: "https://api.bolna.ai", api_key: "" })).toBe(false);
    expect(keyNeededAgain(stored, { name: "Bolna", base_url: "https://bolna.example.com", api_key: "bn-0123456789" })).toBe(false);
  });
  it("knows the form's fields", () => {
    expect(isEngineField("api_key")).toBe(true);
    expect(isEngineField("from_number")).toBe(true);
    expect(isEngineField("provider")).toBe(false);
  });
});
