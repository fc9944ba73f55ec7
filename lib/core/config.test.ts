import { afterEach, expect, it } from "vitest";
import { config, resetConfigForTests } from "./config";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

it("refuses to start on PostgreSQL without SECRET_KEY, naming the variable", () => {
  process.env.DATABASE_URL = "postgres://u@127.0.0.1:5432/x";
  delete process.env.SECRET_KEY;
  resetConfigForTests();
  expect(() => config()).toThrow(/SECRET_KEY: is required when DATABASE_URL is set/);
});

it("rejects a SECRET_KEY that is not base64 of 32 bytes and bad numbers", () => {
  delete process.env.DATABASE_URL;
  process.env.SECRET_KEY = "c2hvcnQ=";
  process.env.MAX_BODY_BYTES = "-4";
  resetConfigForTests();
  expect(() => config()).toThrow(/SECRET_KEY[\s\S]*MAX_BODY_BYTES|MAX_BODY_BYTES[\s\S]*SECRET_KEY/);
});

it("applies documented defaults", () => {
  for (const k of ["DATABASE_URL", "SECRET_KEY", "MAX_BODY_BYTES", "RATE_LIMIT_PER_MINUTE", "DATABASE_PATH", "PG_POOL_MAX"]) delete process.env[k];
  resetConfigForTests();
  expect(config()).toMatchObject({ DATABASE_PATH: "./data/voxdesk.db", RATE_LIMIT_PER_MINUTE: 1200, MAX_BODY_BYTES: 5 * 1024 * 1024, PG_POOL_MAX: 10 });
});

it.each(["0", "-1", "2.5", "ten", "5000"])("rejects PG_POOL_MAX=%s", (value) => {
  delete process.env.DATABASE_URL;
  process.env.PG_POOL_MAX = value;
  resetConfigForTests();
  expect(() => config()).toThrow(/PG_POOL_MAX/);
});
