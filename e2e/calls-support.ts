import { expect, type APIRequestContext } from "@playwright/test";
import { apiToken } from "./helpers";

// What the API says, read with the account's token: the dashboard and call log specs compare the
// console with it instead of with constants.

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${apiToken()}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

export interface CallRow { call_sid: string; status: string; call_type: string; created_at: string }

/** Every call the API lists for a filter (all pages). */
export async function apiCalls(request: APIRequestContext, qs: string): Promise<CallRow[]> {
  const out: CallRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { calls: CallRow[]; next_cursor: string | null } = await api(request, `/api/details?limit=1000&${qs}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    out.push(...page.calls);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}
