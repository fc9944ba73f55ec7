import { previewRun } from "@/lib/analysis/service";
import { ExportQuery } from "@/lib/calls/schema";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ query: ExportQuery }, async ({ query, auth }) => previewRun(auth.accountId, query));
