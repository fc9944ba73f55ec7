import { addSuppressions, listSuppressions } from "@/lib/suppressions/db";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { parseContactPhone } from "@/lib/contacts/schema";
import { SuppressionsAdd, SuppressionsQuery } from "@/lib/suppressions/schema";

export const dynamic = "force-dynamic";

export const POST = route({ body: SuppressionsAdd, status: 201 }, async ({ body, auth }) => {
  const numbers: string[] = [];
  const invalid: { index: number; phone_number: string; reason: string }[] = [];
  body.phone_numbers.forEach((phone_number, index) => {
    const parsed = parseContactPhone(phone_number, null, "do-not-call");
    if (parsed.ok) numbers.push(parsed.e164);
    else invalid.push({ index, phone_number, reason: parsed.reason });
  });
  if (invalid.length) {
    throw new AppError(422, `${invalid.length} invalid phone number${invalid.length === 1 ? "" : "s"}; nothing was added`, { invalid_phone_numbers: invalid });
  }
  const res = await addSuppressions(auth.accountId, numbers, body.reason || null);
  return { status: "success", total_added: res.added.length, added: res.added, already_suppressed: res.already_suppressed };
});

export const GET = route({ query: SuppressionsQuery }, async ({ query, auth }) => {
  return listSuppressions(auth.accountId, query.limit ?? 50, query.cursor, query.q || undefined);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
