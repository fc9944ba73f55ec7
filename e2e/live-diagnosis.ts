import type { APIRequestContext, Page } from "@playwright/test";

// When a sheet waits in vain for a call's next status, was it the page (no stream, no refetch) or the
// server (the call never moved)? Records the page's /api/ traffic from now on; `explain` prints it
// with what the API says of the call, so a failure in a full run says which side stalled.
export function watchLiveTraffic(page: Page) {
  const t0 = Date.now();
  const log: string[] = [];
  const note = (s: string) => log.push(`+${Date.now() - t0} ms ${s}`);
  const path = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search.slice(0, 80)}`; };
  page.on("request", (r) => { if (r.url().includes("/api/")) note(`-> ${r.method()} ${path(r.url())}`); });
  page.on("response", (r) => { if (r.url().includes("/api/")) note(`<- ${r.status()} ${path(r.url())}`); });
  page.on("requestfailed", (r) => note(`failed ${path(r.url())}: ${r.failure()?.errorText}`));
  page.on("console", (m) => { if (m.type() === "error") note(`console: ${m.text()}`); });
  return async function explain(request: APIRequestContext, sid: string, token: string, extra = "") {
    const api = await request.get(`/api/details/${encodeURIComponent(sid)}`, { headers: { Authorization: `Bearer ${token}` } });
    const call = api.ok() ? ((await api.json()) as { status?: string }) : {};
    console.log([`Live diagnosis of ${sid}: the API says ${api.status()} ${call.status ?? "?"} at +${Date.now() - t0} ms`,
      ...(extra ? [extra] : []), ...log].join("\n  "));
  };
}

/** Runs `wait`; if it fails, explains first (see watchLiveTraffic). */
export async function explainingFailure(wait: () => Promise<void>, explain: () => Promise<void>) {
  try {
    await wait();
  } catch (err) {
    await explain().catch(() => undefined);
    throw err;
  }
}
