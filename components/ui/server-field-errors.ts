import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/http/fetch-json";

/**
 * A failed save's per-field messages beside their fields, the first focused; anything no field of
 * the form takes, or a request that never reached the server, goes to the form's `root.server` error.
 * `fieldOf` maps the API's path (`notify.emails[0]`, `expect[2].text`) to the form's field, if shown.
 */
export function placeServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fieldOf: (path: string) => Path<T> | undefined): void {
  if (!(err instanceof ApiError)) return setError("root.server", { message: "Could not reach the server. Try again." });
  let placed = 0;
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const field = fieldOf(path);
    if (field) setError(field, { type: "server", message }, { shouldFocus: placed++ === 0 });
  }
  if (!placed) setError("root.server", { message: err.message });
}

/** `fieldOf` for a form whose fields carry the API's top-level names: a path names the field it starts with. */
export const topLevelField = <F extends string>(fields: readonly F[]) => (p: string): F | undefined =>
  fields.find((f) => p === f || p.startsWith(`${f}[`) || p.startsWith(`${f}.`));
