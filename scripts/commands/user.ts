import fs from "node:fs";
import { generatePassword, hashPassword } from "@/lib/people/password";
import { isRole } from "@/lib/people/roles";
import { writeTx } from "@/lib/core/client";
import { createUser, EmailTakenError, findUserByEmail, setPassword } from "@/lib/people/db/users";
import { CliError, parseFlags, required, requireAccount } from "./args";

const CREATE = "user create --account ACCOUNT_ID --email EMAIL --role viewer|editor|admin|owner [--name NAME] [--password-stdin]";
const RESET = "user reset-password --email EMAIL [--password-stdin]";

/** The password from stdin (first line), or a generated one printed once. */
function passwordFrom(stdin: boolean): string {
  if (!stdin) return generatePassword();
  const pw = fs.readFileSync(0, "utf8").split(/\r?\n/)[0];
  if (!pw || pw.length < 12) throw new CliError("the password read from stdin must be at least 12 characters");
  return pw;
}

/** `user create` → {"user_id", "email", "role", "password"}: the password is shown only here. */
export async function userCreate(args: string[]) {
  const { values } = parseFlags(args, { account: { type: "string" }, email: { type: "string" }, role: { type: "string" }, name: { type: "string" }, "password-stdin": { type: "boolean" } }, CREATE);
  const account = await requireAccount(required(values.account, "account", CREATE));
  const email = required(values.email, "email", CREATE).trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError("--email must be an email address");
  const role = required(values.role, "role", CREATE);
  if (!isRole(role)) throw new CliError(`--role must be one of viewer, editor, admin, owner. Usage: ${CREATE}`);
  const password = passwordFrom(Boolean(values["password-stdin"]));
  try {
    const user = await createUser({ accountId: account.id, email, name: values.name ?? email.split("@")[0], passwordHash: await hashPassword(password), role });
    return { user_id: user.user_id, email: user.email, role: user.role, password };
  } catch (err) {
    if (err instanceof EmailTakenError) throw new CliError(`a user with email ${email} already exists`);
    throw err;
  }
}

/** `user reset-password` → {"user_id", "email", "password"}; the user's sessions end. */
export async function userResetPassword(args: string[]) {
  const { values } = parseFlags(args, { email: { type: "string" }, "password-stdin": { type: "boolean" } }, RESET);
  const user = await findUserByEmail(required(values.email, "email", RESET));
  if (!user) throw new CliError("no user with that email");
  const password = passwordFrom(Boolean(values["password-stdin"]));
  const hash = await hashPassword(password);
  await writeTx((trx) => setPassword(trx, user.id, hash));
  return { user_id: user.id, email: user.email, password };
}
