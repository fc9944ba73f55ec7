import { beforeAll, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as details from "@/app/api/details/route";
import { inFreshMinute } from "@/lib/testing/minute-clock";

beforeAll(() => useTempDatabase({ RATE_LIMIT_PER_MINUTE: "5" }));

it("answers 429 with Retry-After once a token passes RATE_LIMIT_PER_MINUTE, per token", () => inFreshMinute(async () => {
  const a = await newAccountWithToken();
  const b = await newAccountWithToken();
  const statuses = [];
  for (let i = 0; i < 7; i++) statuses.push((await call(details.GET, "GET", "/api/details", { token: a.token })).status);
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  const limited = await call(details.GET, "GET", "/api/details", { token: a.token });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(limited.json).toMatchObject({ error: 429 });
  expect((await call(details.GET, "GET", "/api/details", { token: b.token })).status).toBe(200);
}));
