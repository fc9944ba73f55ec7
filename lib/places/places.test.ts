import { getCountries } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { countryEntries, countryName } from "./countries";
import { normalize, rankMatches } from "./search";
import { canonicalZone, offsetKeywords, utcOffset, zoneEntries } from "./time-zones";

// Node lists zones the way Chromium does (ICU/CLDR ids: Asia/Calcutta, Europe/Kiev…).
const browserZones = Intl.supportedValuesOf("timeZone");
const zoneOptions = zoneEntries(browserZones).map((e) => ({
  label: e.zone, value: e.zone, keywords: [...e.legacy, ...e.cities, ...e.countries, ...offsetKeywords(utcOffset(e.zone))],
}));
const countryOptions = countryEntries(getCountries()).map((c) => ({ label: c.name, value: c.code, keywords: c.keywords }));
const firstZone = (q: string) => rankMatches(zoneOptions, q)[0]?.value;
const firstCountry = (q: string) => rankMatches(countryOptions, q)[0]?.value;

describe("time zones", () => {
  it("the browser's legacy ids are what made the search fail", () => {
    expect(browserZones).toContain("Asia/Calcutta");
    expect(browserZones).not.toContain("Asia/Kolkata");
  });

  it("finds renamed zones by their current name, their old name and the country, and stores the current name", () => {
    const cases: [string, string][] = [
      ["Kolkata", "Asia/Kolkata"], ["Calcutta", "Asia/Kolkata"], ["India", "Asia/Kolkata"], ["Mumbai", "Asia/Kolkata"],
      ["Kyiv", "Europe/Kyiv"], ["Kiev", "Europe/Kyiv"],
      ["Ho Chi Minh", "Asia/Ho_Chi_Minh"], ["ho_chi", "Asia/Ho_Chi_Minh"], ["Saigon", "Asia/Ho_Chi_Minh"],
      ["Yangon", "Asia/Yangon"], ["Rangoon", "Asia/Yangon"],
      ["Kathmandu", "Asia/Kathmandu"], ["Katmandu", "Asia/Kathmandu"],
      ["Europe/Berlin", "Europe/Berlin"], ["berlin", "Europe/Berlin"], ["utc", "UTC"],
    ];
    for (const [q, zone] of cases) expect([q, firstZone(q)]).toEqual([q, zone]);
    const values = zoneOptions.map((o) => o.value);
    for (const old of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "Asia/Rangoon", "Asia/Katmandu", "Africa/Asmera"]) {
      expect(values).not.toContain(old);
    }
    expect(new Set(values).size).toBe(values.length);
    // Every stored name is one the runtime accepts.
    for (const zone of values) expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone })).not.toThrow();
  });

  it("keeps a zone of another country as its own place, and maps legacy names to current ones", () => {
    expect(canonicalZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalZone("Etc/UTC")).toBe("UTC");
    expect(canonicalZone("Pacific/Truk")).toBe("Pacific/Chuuk");
    expect(canonicalZone("Europe/Stockholm")).toBe("Europe/Stockholm");
    expect(canonicalZone("Africa/Accra")).toBe("Africa/Accra");
    expect(canonicalZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(firstZone("Stockholm")).toBe("Europe/Stockholm");
  });

  it("shows the offset at the given instant, summer time included, and finds zones by it", () => {
    expect(utcOffset("Asia/Kolkata")).toBe("UTC+05:30");
    expect(utcOffset("Asia/Kathmandu")).toBe("UTC+05:45");
    expect(utcOffset("UTC")).toBe("UTC+00:00");
    expect(utcOffset("America/New_York", new Date("2025-01-15T12:00:00Z"))).toBe("UTC−05:00");
    expect(utcOffset("America/New_York", new Date("2025-07-15T12:00:00Z"))).toBe("UTC−04:00");
    const plus530 = rankMatches(zoneOptions, "+5:30").map((o) => o.value);
    expect(plus530).toEqual(expect.arrayContaining(["Asia/Kolkata", "Asia/Colombo"]));
    for (const zone of plus530) expect(utcOffset(zone)).toBe("UTC+05:30");
    expect(firstZone("UTC+05:45")).toBe("Asia/Kathmandu");
  });
});

describe("countries", () => {
  it("an exact name wins over a longer name that contains it", () => {
    expect(firstCountry("India")).toBe("IN");
    expect(firstCountry("india")).toBe("IN");
    expect(rankMatches(countryOptions, "India").map((o) => o.value)).toContain("IO");
    expect(firstCountry("Niger")).toBe("NE");
    expect(firstCountry("Guinea")).toBe("GN");
    expect(firstCountry("Sudan")).toBe("SD");
  });

  it("finds a country by its code, tzdata's name and everyday short forms", () => {
    expect(firstCountry("IN")).toBe("IN");
    expect(firstCountry("de")).toBe("DE");
    expect(firstCountry("germ")).toBe("DE");
    expect(firstCountry("USA")).toBe("US");
    expect(firstCountry("UK")).toBe("GB");
    expect(firstCountry("Ivory Coast")).toBe("CI");
    expect(firstCountry("cote d'ivoire".replace("'", "’"))).toBe("CI");
  });

  it("names every code and never shows a bare code", () => {
    expect(countryName("IO")).toBe("British Indian Ocean Territory");
    expect(countryName("in")).toBe("India");
    expect(countryName(null)).toBe("");
    for (const c of countryEntries(getCountries())) expect(c.name).not.toBe(c.code);
  });
});

describe("search ranking", () => {
  it("exact, then prefix, then word start, then substring; names before keywords; ties keep list order", () => {
    const items = [
      { label: "Xindia", value: "a" }, { label: "British India Co", value: "b" }, { label: "Indiana", value: "c" },
      { label: "Other", value: "d", keywords: ["India"] }, { label: "India", value: "e" },
    ];
    expect(rankMatches(items, "india").map((i) => i.value)).toEqual(["e", "d", "c", "b", "a"]);
    expect(rankMatches(items, "  ").map((i) => i.value)).toEqual(["a", "b", "c", "d", "e"]);
    expect(rankMatches(items, "zzz")).toEqual([]);
    expect(normalize("Asia/Ho_Chi_Minh")).toBe("asia ho chi minh");
    expect(normalize("Côte d’Ivoire")).toBe("cote d’ivoire");
  });
});
