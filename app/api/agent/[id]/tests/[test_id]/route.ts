import { route } from "@/lib/http/route";
import { TestParams as Params } from "@/lib/agents/tests/schema";
import { removeTest, testOf } from "@/lib/agents/tests/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => testOf(auth.accountId, params.id, params.test_id));

export const DELETE = route({ params: Params }, async ({ params, auth }) => removeTest(auth.accountId, params.id, params.test_id));

export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
