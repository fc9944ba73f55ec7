import { defineConfig, devices } from "@playwright/test";
import { FAKE_BOLNA_KEY, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, METRICS_TOKEN, fakeBolnaPort, fakeOssPort, fakeTwilioPort } from "./e2e/fake-bolna-env";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const FAKE_BOLNA = fakeBolnaPort(PORT);

// Debian's Chromium (Playwright cannot download its own browsers on this network).
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Every spec has an account of its own (e2e/accounts.ts), so spec files run side by side; most of
  // a browser test is waiting on the page: on two cores four workers finished the suite in 5.5 min
  // where three took 6.4 (the processes used about 1.1 cores on average with three).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  // reducedMotion: charts (recharts) and overlays draw without animating, so screenshots and clicks are stable.
  // A trace costs about a tenth of the run's CPU when recorded for every test; recorded on the
  // retry instead, it comes with every test that failed once (`--trace on` records it locally).
  use: { baseURL, trace: "on-first-retry", screenshot: "only-on-failure", reducedMotion: "reduce" },
  projects: [
    // Signs into the default account through the form; the specs sign in as their own accounts.
    { name: "setup", testMatch: /global\.setup\.ts/, use: chromium },
    { name: "chromium", testIgnore: /global\.setup\.ts/, use: chromium },
  ],
  webServer: [{
    // A throwaway database, seeded by e2e/prepare.ts, then the production server. Idle connections kept
    // 65 s, not Node's 5 s: Playwright's request context reuses a pooled socket after a long wait, and one
    // the server closed at that instant answered ECONNRESET (a push after a 20 s wait, once).
    command: `node_modules/.bin/tsx --conditions=react-server e2e/prepare.ts && node_modules/.bin/next start -p ${PORT} -H 127.0.0.1 --keepAliveTimeout 65000`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATABASE_PATH: "test-results/e2e/voxdesk-e2e.db",
      NEXT_PUBLIC_E2E: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      TOOL_TARGET_ALLOWLIST: "127.0.0.1",
      // The fake engine posts executions back here.
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "error",
      // The alert evaluator ticks every 2 s, so e2e/alerts.spec.ts sees its incident open without waiting a minute.
      ALERTS_TICK_MS: "2000",
      // Specs that check something did not happen wait for the loop that would do it to tick (GET /metrics).
      METRICS_TOKEN,
    },
  }, {
    // A fake Bolna engine (lib/testing/fake-bolna-server.ts) that completes placed calls by itself
    // (e2e/engines.spec.ts); its recordings point at a closed loopback port, so nothing leaves the machine.
    command: "node_modules/.bin/tsx lib/testing/fake-bolna-server.ts",
    // Any answer means it is up (it asks for the key: 401).
    url: `http://127.0.0.1:${FAKE_BOLNA}/v2/agent/all`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      FAKE_BOLNA_PORT: String(FAKE_BOLNA), FAKE_BOLNA_API_KEY: FAKE_BOLNA_KEY,
      FAKE_BOLNA_AUTO_COMPLETE_MS: "1500", FAKE_BOLNA_RECORDING_BASE: "http://127.0.0.1:9/recordings",
    },
  }, {
    // A self-hosted engine's fakes (e2e/self-hosted.spec.ts): the open-source Bolna server and
    // Twilio, which plays each call it is asked to place to its end, calling the app back signed.
    command: "node_modules/.bin/tsx lib/testing/fake-self-hosted-server.ts",
    url: `http://127.0.0.1:${fakeOssPort(PORT)}/all`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      FAKE_OSS_PORT: String(fakeOssPort(PORT)), FAKE_TWILIO_PORT: String(fakeTwilioPort(PORT)),
      FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, FAKE_TWILIO_AUTO_MS: "1000",
    },
  }],
});
