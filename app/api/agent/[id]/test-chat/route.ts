import { AgentIdParams as Params } from "@/lib/agents/schema";
import { TestChatBody } from "@/lib/agents/test-chat/schema";
import { testChatResponse } from "@/lib/agents/test-chat/service";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

// Editor or above (the POST default), like tool tests: a turn may call the agent's tools for real.
export const POST = route({ params: Params, body: TestChatBody }, async ({ req, params, body, auth }) =>
  testChatResponse(auth.accountId, params.id, body, req.signal));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
