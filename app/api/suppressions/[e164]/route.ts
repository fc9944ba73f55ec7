import { deleteSuppression } from "@/lib/suppressions/db";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { parseContactPhone } from "@/lib/contacts/schema";
import { SuppressionParams } from "@/lib/suppressions/schema";

export const dynamic = "force-dynamic";

export const DELETE = route({ params: SuppressionParams }, async ({ params, auth }) => {
  let raw = params.e164.trim();
  try {
    raw = decodeURIComponent(raw); // Next may hand the segment over still encoded (%2B)
  } catch {
    // not percent-encoded text: read it as written
  }
  const parsed = parseContactPhone(raw.startsWith("+") ? raw : `+${raw}`, null, "do-not-call");
  if (!parsed.ok) throw new AppError(400, `e164: ${parsed.reason}`, { errors: [{ path: "e164", message: parsed.reason }] });
  if (!(await deleteSuppression(auth.accountId, parsed.e164))) throw new AppError(404, "This number is not on the do-not-call list");
  return { phone_number: parsed.e164, status: "deleted" };
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
