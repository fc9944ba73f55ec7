import { beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "@/app/api/details/[call_sid]/route";
import * as health from "@/app/api/health/route";
import * as metricsRoute from "@/app/metrics/route";
import { db } from "@/lib/core/client";
import { createEngine } from "@/lib/engines/db";
import { enqueuePriceJob } from "@/lib/engines/db/price-jobs";
import { ingestCall } from "@/lib/engines/ingest";
import { priceTick } from "@/lib/engines/price-worker";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";

// GET /metrics beyond the loops: each queue's depth and oldest job's age (read when scraped), call
// reports ingested per provider, and request durations labelled by route pattern (never an id).

const TOKEN = "metrics-figures-token-0123456789";
const scrape = async () => {
  const res = await metricsRoute.GET(new Request("http://local/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return res.text();
};
const value = (text: string, line: string) => Number(new RegExp(`^${line.replace(/[{}()[\]\\.+*?^$|]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);

let who: Awaited<ReturnType<typeof newAccountWithToken>>;
beforeAll(async () => {
  await useTempDatabase({ METRICS_TOKEN: TOKEN });
  who = await newAccountWithToken("Metrics");
});

describe("GET /metrics figures", () => {
  it("counts each queue's jobs and the age of its oldest", async () => {
    const empty = await scrape();
    expect(value(empty, 'voxdesk_queue_depth{queue="carrier prices"}')).toBe(0);
    expect(value(empty, 'voxdesk_queue_oldest_job_age_seconds{queue="carrier prices"}')).toBe(0);
    const engine = await createEngine(who.accountId, { name: "Hosted", provider: "bolna", base_url: "https://api.bolna.ai", api_key: "bn-metrics-0000000000" });
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await enqueuePriceJob(db(), { account_id: who.accountId, call_sid: "CAmetrics1", engine_id: engine.id }, twoMinutesAgo);
    await enqueuePriceJob(db(), { account_id: who.accountId, call_sid: "CAmetrics2", engine_id: engine.id }, new Date());
    const text = await scrape();
    expect(value(text, 'voxdesk_queue_depth{queue="carrier prices"}')).toBe(2);
    expect(value(text, 'voxdesk_queue_oldest_job_age_seconds{queue="carrier prices"}')).toBeGreaterThanOrEqual(120);
    for (const queue of ["analysis", "webhook delivery", "agent test runs", "engine syncs"]) expect(value(text, `voxdesk_queue_depth{queue="${queue}"}`)).toBe(0);
  });

  it("counts the carrier price jobs that end: those of an engine that cannot price end failed, once each", async () => {
    const line = 'voxdesk_queue_jobs_total{queue="carrier prices",outcome="failed"}';
    const before = value(await scrape(), line) || 0;
    // The two jobs above belong to a hosted Bolna engine, which has no carrier to ask.
    await priceTick(new Date());
    await priceTick(new Date());
    const text = await scrape();
    expect(value(text, line)).toBe(before + 2);
    expect(value(text, 'voxdesk_queue_depth{queue="carrier prices"}')).toBe(0);
  });

  it("counts call reports per provider and outcome", async () => {
    const engine = await createEngine(who.accountId, { name: "Hosted 2", provider: "bolna", base_url: "https://api.bolna.ai", api_key: "bn-metrics-1111111111" });
    const line = (outcome: string) => `voxdesk_calls_ingested_total{provider="bolna",outcome="${outcome}"}`;
    const first = await scrape();
    const [imported, unchanged] = [value(first, line("imported")) || 0, value(first, line("unchanged")) || 0];
    // A report of a call nobody placed records it; the same report again changes nothing.
    expect(await ingestCall(engine, { call_sid: "CAinbound1", patch: true, status: "ringing" })).toBe("imported");
    expect(await ingestCall(engine, { call_sid: "CAinbound1", patch: true, status: "ringing" })).toBe("unchanged");
    const text = await scrape();
    expect([value(text, line("imported")), value(text, line("unchanged"))]).toEqual([imported + 1, unchanged + 1]);
  });

  it("times requests by route pattern: a call's sid never becomes a label", async () => {
    // Counters live as long as the process, which other test files share: compared before and after.
    const health200 = 'voxdesk_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    const detail404 = 'voxdesk_http_request_duration_seconds_count{method="GET",route="/api/details/[call_sid]",status="404"}';
    const before = await scrape();
    expect((await call(health.GET, "GET", "/api/health")).status).toBe(200);
    expect((await call(detailRoute.GET, "GET", "/api/details/CAsecretish123", { token: who.token, params: { call_sid: "CAsecretish123" } })).status).toBe(404);
    const text = await scrape();
    expect(value(text, health200)).toBe((value(before, health200) || 0) + 1);
    expect(value(text, detail404)).toBe((value(before, detail404) || 0) + 1);
    expect(text).not.toContain("CAsecretish123");
  });
});
