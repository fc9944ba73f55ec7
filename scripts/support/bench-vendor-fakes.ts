import { startFakeRetell } from "@/lib/testing/fake-retell";
import { startFakeVapi } from "@/lib/testing/fake-vapi";

// The bench's vendors, in a process of their own as the real ones are: a fake Vapi and a fake Retell
// on 127.0.0.1, each seeded with BENCH_VENDOR_CALLS calls over the 30 days before BENCH_VENDOR_TO.
// Prints one JSON line with where they are; stops on SIGTERM.

async function main() {
  const n = Number(process.env.BENCH_VENDOR_CALLS ?? 100_000);
  const to = Number(process.env.BENCH_VENDOR_TO), from = to - 30 * 86_400_000;
  const [vapi, retell] = await Promise.all([startFakeVapi(), startFakeRetell()]);
  vapi.seedCalls(n, { from, to });
  retell.seedCalls(n, { from, to });
  process.once("SIGTERM", () => void Promise.all([vapi.close(), retell.close()]).then(() => process.exit(0)));
  console.log(JSON.stringify({
    vapi: { url: vapi.url, apiKey: vapi.apiKey, phoneNumberId: vapi.phoneNumber.id },
    retell: { url: retell.url, apiKey: retell.apiKey, fromNumber: retell.fromNumber },
  }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
