/**
 * A second (third, …) app process for the multi-process add test: opens the same SQLite file,
 * says "ready" on stdout, waits for "go" on stdin so all processes start together, runs its add
 * requests concurrently through the shared addContacts, and prints one JSON line of results.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/contacts-add-worker.ts
 * with DATABASE_PATH set and WORK = JSON {accountId, listId, requests: string[][]}.
 */
import readline from "node:readline";
import { addContacts } from "@/lib/contacts/add-contacts";
import { closeDb, db } from "@/lib/core/client";

interface Work { accountId: string; listId: string; requests: string[][] }

async function main() {
  const work = JSON.parse(process.env.WORK ?? "") as Work;
  db(); // open (and migrate) before saying ready, so "go" measures only the adds
  process.stdout.write("ready\n");
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) if (line.trim() === "go") break;
  rl.close();
  const results = await Promise.all(
    work.requests.map(async (numbers) => {
      const rows = numbers.map((phone_number) => ({ phone_number, template_variables: { pid: process.pid } }));
      const { response } = await addContacts(work.accountId, work.listId, rows);
      return {
        total_added: response.total_added,
        total_duplicates: response.total_duplicates,
        added: response.added_contacts.map((c) => c.phone_number),
      };
    }),
  );
  process.stdout.write(`${JSON.stringify({ pid: process.pid, results })}\n`);
  await closeDb(); // a PostgreSQL pool would otherwise keep the process alive until its idle timeout
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
