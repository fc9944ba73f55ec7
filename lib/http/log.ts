import "server-only";
import { config } from "@/lib/core/config";

/** One JSON line per event on stderr. Callers pass no secrets; errors are reduced to name/message/stack. */
export function logError(msg: string, fields: Record<string, unknown> & { err?: unknown }) {
  if (config().LOG_LEVEL === "silent") return;
  const { err, ...rest } = fields;
  const e = err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : err;
  console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), msg, ...rest, err: e }));
}
