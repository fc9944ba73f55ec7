import crypto from "node:crypto";
import { config } from "@/lib/core/config";
import { exposition, setQueueFigures } from "@/lib/core/metrics";
import { queueFigures } from "@/lib/core/queue-depth";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// For a Prometheus scraper: off (404) unless METRICS_TOKEN is set, then only with it as a Bearer
// token. The figures are this instance's own; scrape every instance.
export const GET = route({ auth: false }, async ({ req }) => {
  const token = config().METRICS_TOKEN;
  if (!token) throw new AppError(404, "Metrics are off: set METRICS_TOKEN to turn them on");
  const given = /^Bearer (.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  if (!given || !crypto.timingSafeEqual(a, b)) throw new AppError(401, "A valid metrics token is required");
  setQueueFigures(await queueFigures());
  const { body, contentType } = await exposition();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
