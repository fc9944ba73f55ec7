import { describe, expect, it } from "vitest";
import { runCli } from "../cli-testing";

// db:copy refuses bad arguments before it touches either database (no PostgreSQL needed).
describe("db:copy arguments", () => {
  it.each([
    [["--from", "/tmp/x.db", "--to", "postgres://u@127.0.0.1/x"], /--from must be sqlite:PATH/],
    [["--from", "sqlite:/nonexistent/x.db", "--to", "postgres://u@127.0.0.1/x"], /No SQLite database at \/nonexistent\/x\.db/],
    [["--from", "sqlite:/tmp/x.db", "--to", "mysql://u@127.0.0.1/x"], /--to must be a postgres:\/\/ URL/],
    [["--to", "postgres://u@127.0.0.1/x"], /--from is required/],
  ])("%j is refused with a clear message", async (args, message) => {
    const res = await runCli(["db:copy", ...args]);
    expect(res.code).toBe(1);
    expect(res.json.error).toMatch(message);
  });
});
