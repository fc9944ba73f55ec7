import { RunIdParams } from "@/lib/analysis/schema";
import { readRun, stopRun } from "@/lib/analysis/service";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: RunIdParams }, async ({ params, auth }) => readRun(auth.accountId, params.run_id));

// Cancels the run: its queued calls are dropped, those being analysed finish.
export const DELETE = route({ params: RunIdParams }, async ({ params, auth }) => stopRun(auth.accountId, params.run_id));

export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
