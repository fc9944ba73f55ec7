import { previewRun } from "@/lib/analysis/service";
import { ExportQuery } from "@/lib/calls/schema";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ query: ExportQuery }, async ({ query, auth }) => previewRun(auth.accountId, query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
