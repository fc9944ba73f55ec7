/**
 * A known, expected failure: thrown anywhere below a route handler and turned into the endpoint
 * family's error body by the route wrapper. `details` are merged into that body (e.g. `errors`).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly details: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export interface FieldError { path: string; message: string }

/** `["agent_config", "tasks", 0, "task_config"]` → `agent_config.tasks[0].task_config`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out;
}

/** A 400 (or `status`) whose message sums up the bad fields and whose `errors` lists each by its path. */
export function validationError(errors: FieldError[], status = 400): AppError {
  const summary = errors.slice(0, 5).map((e) => `${e.path}: ${e.message}`).join("; ");
  const more = errors.length > 5 ? ` (and ${errors.length - 5} more)` : "";
  return new AppError(status, `Invalid request: ${summary}${more}`, { errors });
}

export const notFound = (what: string) => new AppError(404, `${what} not found`);
