import { route } from "@/lib/http/route";
import { CreateTestBody, TestParams as Params } from "@/lib/agents/tests/schema";
import { removeTest, replaceTest, testOf } from "@/lib/agents/tests/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => testOf(auth.accountId, params.id, params.test_id));

export const PUT = route({ params: Params, body: CreateTestBody }, async ({ params, body, auth }) =>
  replaceTest(auth.accountId, params.id, params.test_id, body));

export const DELETE = route({ params: Params }, async ({ params, auth }) => removeTest(auth.accountId, params.id, params.test_id));

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
