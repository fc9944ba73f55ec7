import { resetPasswordForm } from "@/lib/people/link-forms";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** The reset page's form action: sets the new password (sessions end), 303 to sign-in. */
export const POST = route({ auth: false }, async ({ req }) => resetPasswordForm(req));
