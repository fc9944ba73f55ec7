import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "@/lib/http/fetch-json";

/**
 * Puts a failed request's per-field messages beside their fields (the server's paths are the
 * form's names for these flat forms); anything not tied to a shown field becomes a toast.
 */
export function showServerErrors<T extends FieldValues>(err: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>, what: string) {
  let placed = false;
  if (err instanceof ApiError) {
    for (const [path, message] of Object.entries(err.fieldErrors)) {
      const field = fields.find((f) => f === path);
      if (field) {
        setError(field, { type: "server", message });
        placed = true;
      }
    }
  }
  if (!placed) toast.error(`${what}: ${err instanceof Error ? err.message : "unexpected error"}`);
}
