// Runs the fake Bolna as a process, for Playwright's webServer list and local tries:
//   node_modules/.bin/tsx lib/testing/fake-bolna-server.ts --port 3399 --api-key bn-e2e-key --auto-complete-ms 1500 \
//     --recording-base http://127.0.0.1:9/recordings
// (or FAKE_BOLNA_PORT, FAKE_BOLNA_API_KEY, FAKE_BOLNA_AUTO_COMPLETE_MS, FAKE_BOLNA_RECORDING_BASE). Binds 127.0.0.1 only,
// serves the /__fake/* control routes, and stops on SIGINT/SIGTERM. Playwright can wait on
// `url: http://127.0.0.1:<port>/v2/agent/all` (401 without the key counts as up).
import { startFakeBolna } from "./fake-bolna";

function arg(name: string, env: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.env[env];
}

async function main() {
  const port = Number(arg("port", "FAKE_BOLNA_PORT") ?? 3399);
  const auto = arg("auto-complete-ms", "FAKE_BOLNA_AUTO_COMPLETE_MS");
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, not ${port}`);
  if (auto !== undefined && !(Number(auto) >= 0)) throw new Error(`--auto-complete-ms must be a number of ms, not ${auto}`);
  const fake = await startFakeBolna({
    port, apiKey: arg("api-key", "FAKE_BOLNA_API_KEY") ?? "bn-fake-e2e-key-0001",
    autoCompleteMs: auto === undefined ? undefined : Number(auto), control: true,
    recordingBase: arg("recording-base", "FAKE_BOLNA_RECORDING_BASE"),
  });
  console.log(`fake Bolna on ${fake.origin} (key ${fake.apiKey.slice(0, 6)}…, auto-complete ${auto ?? "off"})`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
