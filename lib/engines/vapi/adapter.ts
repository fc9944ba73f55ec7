import "server-only";
import { AppError, validationError } from "@/lib/http/errors";
import { newSecret } from "@/lib/webhooks/sign";
import type { EngineAdapter } from "../adapter";
import { prefetched } from "../pool";
import { text } from "../read-json";
import { engineSettings, openEngineSecrets, type EngineRow } from "../db";
import { reportAsPatch } from "../report-patch";
import { vapiCallToCall, withVapiNumber } from "./call";
import { VAPI_PAGE, vapiClient } from "./client";
import { vapiInfo } from "./info";
import { receiveVapi } from "./receive";
import type { VapiSecrets, VapiSettings } from "./schema";

// Vapi behind the engine seam (docs/vapi-retell.md): its assistants are linked, not deployed; calls
// are placed from the engine's Vapi number, pulled page by page, and reported by server messages.

const settingsOf = (engine: EngineRow): VapiSettings => engineSettings<VapiSettings>(engine) ?? { phone_number_id: null };

export const vapiAdapter: EngineAdapter = {
  info: vapiInfo,

  prepare(body) {
    if (body.provider !== "vapi") throw new AppError(500, "Vapi adapter given another kind of engine");
    return {
      name: body.name, provider: body.provider, base_url: body.base_url, api_key: body.api_key,
      settings: { phone_number_id: body.phone_number_id ?? null } satisfies VapiSettings,
      secrets: { webhook_secret: newSecret() } satisfies VapiSecrets,
    };
  },

  view(engine, { reveal }) {
    return {
      phone_number_id: settingsOf(engine).phone_number_id,
      ...(reveal ? { webhook_secret: openEngineSecrets<VapiSecrets>(engine)?.webhook_secret } : {}),
    };
  },

  change(patch) {
    const foreign = (["telephony", "rotate_push_secret", "from_number"] as const).filter((f) => patch[f] !== undefined);
    if (foreign.length) throw validationError(foreign.map((path) => ({ path, message: "not a setting of a Vapi engine" })), 400);
    if (patch.phone_number_id === undefined && !patch.rotate_webhook_secret) return undefined;
    return (row) => ({
      settings: patch.phone_number_id === undefined ? undefined : { ...settingsOf(row), phone_number_id: patch.phone_number_id as string | null },
      // A new webhook URL comes with a new credential: whoever held the old pair holds nothing.
      secrets: patch.rotate_webhook_secret ? { webhook_secret: newSecret() } : undefined,
    });
  },

  async check(engine) {
    const calls = await vapiClient(engine).listCalls({ limit: 100 });
    return `Connected: Vapi lists ${calls.length}${calls.length === 100 ? "+" : ""} recent call${calls.length === 1 ? "" : "s"}`;
  },

  async remoteAgents(engine) {
    return (await vapiClient(engine).listAssistants()).map((a) => ({ remote_agent_id: text(a.id), name: text(a.name) })).filter((a) => a.remote_agent_id);
  },

  async placeCall(engine, dial) {
    const { phone_number_id } = settingsOf(engine);
    if (dial.from) throw validationError([{ path: "from_number", message: "a Vapi engine calls from its phone_number_id; leave from_number out" }], 422);
    if (!phone_number_id) throw validationError([{ path: "engine_id", message: "this Vapi engine has no phone_number_id to call from: set one on the engine" }], 422);
    const client = vapiClient(engine);
    const call = await client.createCall({
      assistantId: dial.remote_agent_id, phoneNumberId: phone_number_id, customer: { number: dial.to },
      ...(dial.variables ? { assistantOverrides: { variableValues: dial.variables } } : {}),
    });
    const placed = vapiCallToCall(call);
    withVapiNumber(placed, (await client.phoneNumber(phone_number_id).catch(() => null)) ?? "");
    return placed;
  },

  /**
   * `GET /call` answers newest first with no cursor: the window's upper edge moves down to the oldest
   * call of each page. Calls sharing that instant are asked again (`createdAtLe`) and skipped by id,
   * so none is lost at a page edge; a page of one instant only moves past it. The next page is asked
   * for while this one is stored.
   */
  async sync(engine, { from, to }, ingestPage, onPage) {
    const client = vapiClient(engine);
    const names = new Map((await client.listAssistants()).map((a) => [text(a.id), text(a.name)]));
    const numbers = new Map<string, Promise<string>>();
    const numberOf = (id: string) => {
      if (!numbers.has(id)) numbers.set(id, client.phoneNumber(id).then((n) => n ?? "", () => ""));
      return numbers.get(id)!;
    };
    const floor = new Date(from).toISOString();
    const ask = (edge: { createdAtLe?: string; createdAtLt?: string }) => prefetched(client.listCalls({ limit: VAPI_PAGE, createdAtGe: floor, ...edge }));
    let edge = { createdAtLe: new Date(to).toISOString() } as { createdAtLe?: string; createdAtLt?: string };
    let seenAtEdge = new Set<string>();
    let next = ask(edge);
    for (;;) {
      const page = await next;
      const fresh = page.filter((c) => !seenAtEdge.has(text(c.id)));
      const more = page.length >= VAPI_PAGE;
      if (more) {
        const oldest = text(page[page.length - 1].createdAt);
        const atOldest = page.filter((c) => text(c.createdAt) === oldest).map((c) => text(c.id));
        if (atOldest.length === page.length) {
          edge = { createdAtLt: oldest };
          seenAtEdge = new Set();
        } else {
          // Still at the same instant as the last page: what was seen there stays seen.
          seenAtEdge = edge.createdAtLe === oldest ? new Set([...seenAtEdge, ...atOldest]) : new Set(atOldest);
          edge = { createdAtLe: oldest };
        }
        next = ask(edge);
      }
      await ingestPage(await Promise.all(fresh.map(async (raw) => {
        const call = vapiCallToCall(raw);
        if (text(raw.phoneNumberId) && !(call.call_type === "inbound" ? call.to_number : call.from_number)) withVapiNumber(call, await numberOf(text(raw.phoneNumberId)));
        return { call: reportAsPatch(call), agentName: names.get(call.remote_agent_id) };
      })));
      await onPage?.();
      if (!more) return;
    }
  },

  receive: receiveVapi,
};

