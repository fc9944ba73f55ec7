// Runs the fakes of a self-hosted Bolna engine as one process, for Playwright's webServer list:
// the open-source Bolna server on FAKE_OSS_PORT and Twilio on FAKE_TWILIO_PORT (account
// FAKE_TWILIO_SID, token FAKE_TWILIO_TOKEN). Every call placed through the fake Twilio is played
// to its end FAKE_TWILIO_AUTO_MS after it was created: initiated, ringing, answered, completed, and
// its recording, each signed as Twilio signs. Binds 127.0.0.1 only; stops on SIGINT/SIGTERM.
import { startFakeBolnaOss } from "./fake-bolna-oss";
import { startFakeTwilio } from "./fake-twilio";

async function main() {
  const ossPort = Number(process.env.FAKE_OSS_PORT);
  const twilioPort = Number(process.env.FAKE_TWILIO_PORT);
  const autoMs = Number(process.env.FAKE_TWILIO_AUTO_MS ?? 1000);
  for (const [name, v] of [["FAKE_OSS_PORT", ossPort], ["FAKE_TWILIO_PORT", twilioPort]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > 65535) throw new Error(`${name} must be a TCP port`);
  }
  const oss = await startFakeBolnaOss({ port: ossPort });
  const twilio = await startFakeTwilio({ port: twilioPort, accountSid: process.env.FAKE_TWILIO_SID, authToken: process.env.FAKE_TWILIO_TOKEN });
  const seen = new Set<string>();
  // The fake has no hook for "a call was created": new calls are picked up as they appear.
  const timer = setInterval(() => {
    for (const sid of twilio.calls.keys()) {
      if (seen.has(sid)) continue;
      seen.add(sid);
      setTimeout(() => void twilio.play(sid, { duration: 7 }).catch((err: unknown) => console.error(`playing ${sid}:`, err)), autoMs);
    }
  }, 50);
  console.log(`fake Bolna server on ${oss.origin}, fake Twilio on ${twilio.origin}`);
  const stop = () => {
    clearInterval(timer);
    void Promise.all([oss.close(), twilio.close()]).then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
