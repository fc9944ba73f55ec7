import { acceptInviteForm } from "@/lib/people/link-forms";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** The invite page's form action: creates the member, signs them in, 303 to the console. */
export const POST = route({ auth: false }, async ({ req }) => acceptInviteForm(req));
