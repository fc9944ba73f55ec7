import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { CreateTestBody } from "@/lib/agents/tests/schema";
import { createTest, testsOf } from "@/lib/agents/tests/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => testsOf(auth.accountId, params.id));

export const POST = route({ params: Params, body: CreateTestBody, status: 201 }, async ({ params, body, auth }) =>
  createTest(auth.accountId, params.id, body));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
