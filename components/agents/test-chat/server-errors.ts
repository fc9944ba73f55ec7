import type { FieldPath, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/http/fetch-json";
import { fieldOf, type TestCaseValues } from "./test-case-values";

/** A refused save: each field the API names gets its message (the first one focused); the rest above the buttons. */
export function placeServerErrors(form: UseFormReturn<TestCaseValues>, err: unknown) {
  if (!(err instanceof ApiError)) return form.setError("root.server", { message: "Could not reach the server. Try again." });
  let placed = 0;
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const field = fieldOf(path, form.getValues());
    if (field) form.setError(field as FieldPath<TestCaseValues>, { type: "server", message }, { shouldFocus: placed++ === 0 });
  }
  if (!placed) form.setError("root.server", { message: err.message });
}
