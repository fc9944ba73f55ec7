import { route } from "@/lib/http/route";
import { NoteBody, VersionParams as Params } from "@/lib/agents/versions/schema";
import { labelVersion, versionView } from "@/lib/agents/versions/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => versionView(auth.accountId, params.id, params.n));

export const PATCH = route({ params: Params, body: NoteBody }, async ({ params, body, auth }) =>
  labelVersion(auth.accountId, params.id, params.n, body.note));

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
