import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { versionsOf } from "@/lib/agents/versions/service";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => versionsOf(auth.accountId, params.id));
