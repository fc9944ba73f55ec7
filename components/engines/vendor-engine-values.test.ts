import { describe, expect, it } from "vitest";
import { isVendorProvider, VENDOR_FORMS, vendorCreateBody, vendorNumberPatch } from "./vendor-engine-values";

const base = { name: "Vapi prod", api_key: "sk-0123456789", base_url: "https://api.vapi.ai" };

describe("the vendor forms' schemas", () => {
  it("take a blank number, and keep the server's own message for a bad one", () => {
    const retell = VENDOR_FORMS.retell.schema;
    expect(retell.safeParse({ ...base, provider: "retell", from_number: "  " }).success).toBe(true);
    const bad = retell.safeParse({ ...base, provider: "retell", from_number: "call me" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["from_number", expect.stringContaining("must be a number bought from or imported into Retell")]]);
    const vapi = VENDOR_FORMS.vapi.schema.safeParse({ ...base, provider: "vapi", phone_number_id: "x".repeat(101) });
    expect(vapi.error?.issues[0].path).toEqual(["phone_number_id"]);
  });
  it("default the base URL to the vendor's API and ask for a real key", () => {
    const ok = VENDOR_FORMS.vapi.schema.parse({ name: "V", provider: "vapi", api_key: "sk-0123456789", base_url: undefined, phone_number_id: "" });
    expect(ok.base_url).toBe("https://api.vapi.ai");
    expect(VENDOR_FORMS.retell.schema.safeParse({ ...base, provider: "retell", api_key: "short" }).error?.issues[0].message).toMatch(/API key/);
  });
});

describe("vendorCreateBody", () => {
  it("leaves a blank number out and trims a given one", () => {
    expect(vendorCreateBody({ ...base, provider: "vapi", phone_number_id: " " })).toEqual({ ...base, provider: "vapi" });
    expect(vendorCreateBody({ ...base, provider: "vapi", phone_number_id: " pn_1 " })).toEqual({ ...base, provider: "vapi", phone_number_id: "pn_1" });
    expect(vendorCreateBody({ ...base, provider: "retell", from_number: "+14155550100" })).toEqual({ ...base, provider: "retell", from_number: "+14155550100" });
  });
});

describe("vendorNumberPatch", () => {
  const retell = { provider: "retell", from_number: "+14155550100" };
  it("sends nothing when the number is unchanged, however it is written", () => {
    expect(vendorNumberPatch(retell, { from_number: "+1 415 555 0100" })).toEqual({});
    expect(vendorNumberPatch({ provider: "vapi", phone_number_id: "pn_1" }, { phone_number_id: " pn_1" })).toEqual({});
    expect(vendorNumberPatch({ provider: "vapi", phone_number_id: null }, { phone_number_id: "" })).toEqual({});
  });
  it("sends a new number as typed, null for a cleared one, and a malformed one for the server to name", () => {
    expect(vendorNumberPatch(retell, { from_number: "+14155550111" })).toEqual({ from_number: "+14155550111" });
    expect(vendorNumberPatch(retell, { from_number: " " })).toEqual({ from_number: null });
    expect(vendorNumberPatch(retell, { from_number: "call me" })).toEqual({ from_number: "call me" });
    expect(vendorNumberPatch({ provider: "vapi", phone_number_id: null }, { phone_number_id: "pn_2" })).toEqual({ phone_number_id: "pn_2" });
  });
  it("is nothing for other engines, or a form without the field", () => {
    expect(vendorNumberPatch({ provider: "bolna" }, { from_number: "+14155550111" })).toEqual({});
    expect(vendorNumberPatch(retell, {})).toEqual({});
    expect(isVendorProvider("vapi")).toBe(true);
    expect(isVendorProvider("bolna-self-hosted")).toBe(false);
  });
});
