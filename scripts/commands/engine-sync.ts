import { findEngineForOperator } from "@/lib/core/operator";
import { syncEngine, syncRange } from "@/lib/engines/sync";
import { SyncBody } from "@/lib/engines/schema";
import { CliError, parseFlags, required } from "./args";

const USAGE = "engine sync --engine ENGINE_ID [--from ISO] [--to ISO]";

/**
 * `engine sync --engine ID` → {"engine_id", "imported", "updated", "unchanged"}: the API's sync, for cron
 * jobs, run in the foreground (the API runs it in the background) and printed when done.
 */
export async function engineSync(args: string[]) {
  const { values } = parseFlags(args, { engine: { type: "string" }, from: { type: "string" }, to: { type: "string" } }, USAGE);
  const engineId = required(values.engine, "engine", USAGE);
  const range = SyncBody.safeParse({ from: values.from, to: values.to });
  if (!range.success) throw new CliError(`${range.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}. Usage: ${USAGE}`);
  const engine = await findEngineForOperator(engineId);
  if (!engine) throw new CliError(`No engine with id ${engineId}`);
  try {
    const { imported, updated, unchanged } = await syncEngine(engine, syncRange(range.data));
    return { engine_id: engineId, imported, updated, unchanged };
  } catch (err) {
    // The engine's refusal or absence is the operator's to read, not a stack trace.
    if (err instanceof Error && "status" in err) throw new CliError(err.message);
    throw err;
  }
}
