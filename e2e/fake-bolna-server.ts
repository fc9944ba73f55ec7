// The fake Bolna engine beside the e2e app (playwright.config.ts webServer): a fixed port and key
// the spec types into the Engines page, and calls that complete by themselves shortly after they
// are placed, their executions posted to the app's webhook as Bolna would.
import { completedFields, startFakeBolna } from "@/lib/testing/fake-bolna";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";

const port = fakeBolnaPort(Number(process.env.E2E_PORT ?? 3210));
const delayMs = Number(process.env.FAKE_BOLNA_COMPLETE_MS ?? 1500);

async function main() {
  const fake = await startFakeBolna({ apiKey: FAKE_BOLNA_KEY, port });
  const scheduled = new Set<string>();
  const finish = async (id: string) => {
    const e = fake.executions.get(id)!;
    // Nothing in the e2e run may reach beyond loopback: the recording points at a closed local port.
    const telephony = { ...(completedFields(e).telephony_data as object), recording_url: `http://127.0.0.1:9/recordings/${id}.mp3` };
    await fake.complete(id, { telephony_data: telephony });
  };
  setInterval(() => {
    for (const e of fake.executions.values()) {
      if (e.status !== "queued" || scheduled.has(e.id)) continue;
      scheduled.add(e.id);
      setTimeout(() => finish(e.id).catch((err: unknown) => console.error(`fake Bolna: completing ${e.id} failed`, err)), delayMs);
    }
  }, 200);
  console.log(`fake Bolna listening on ${fake.origin}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
