import "server-only";
import { statusRank } from "@/lib/calls/status";
import { AppError, validationError } from "@/lib/http/errors";
import { newSecret } from "@/lib/webhooks/sign";
import type { EngineAdapter } from "../adapter";
import { compileAgent } from "../bolna/compile";
import { callbackUrl, secretsOf, settingsOf, twilioOf } from "./adapter-parts";
import { checkAccount, createCall, fetchCall, fetchMedia } from "../twilio/rest";
import { selfHostedBolnaInfo } from "./info";
import { receiveTwilio } from "./receive";
import type { SelfHostedSecrets, SelfHostedSettings } from "./schema";
import { deleteServerAgent, listServerAgents, upsertServerAgent } from "./server";
import { streamTwiml } from "./twiml";

// Self-hosted Bolna behind the engine seam: agents live on the operator's open-source Bolna
// server; Voxdesk is its telephony server, placing each call through the operator's Twilio account
// with the call's audio streamed to the Bolna server, and following it by Twilio's signed callbacks
// (docs/engines.md, "Self-hosted Bolna").

export const selfHostedBolnaAdapter: EngineAdapter = {
  info: selfHostedBolnaInfo,

  prepare(body, origin) {
    if (body.provider !== "bolna-self-hosted") throw new AppError(500, "self-hosted Bolna adapter given another kind of engine");
    const { auth_token, ...telephony } = body.telephony;
    return {
      name: body.name, provider: body.provider, base_url: body.base_url, api_key: body.api_key ?? "",
      settings: { telephony, callback_origin: origin } satisfies SelfHostedSettings,
      secrets: { twilio_auth_token: auth_token, push_secret: newSecret() } satisfies SelfHostedSecrets,
    };
  },

  view(engine, { origin, admin, reveal }) {
    const { telephony } = settingsOf(engine);
    const secrets = secretsOf(engine);
    return {
      telephony: { ...telephony, auth_token_hint: `…${secrets.twilio_auth_token.slice(-4)}` },
      ...(admin ? { push_url: `${origin}/api/ingest/${engine.id}` } : {}),
      ...(reveal ? { push_secret: secrets.push_secret } : {}),
    };
  },

  change(patch, origin) {
    const telephony = patch.telephony as Partial<SelfHostedSettings["telephony"] & { auth_token: string }> | undefined;
    if (!telephony && !patch.rotate_push_secret && !patch.base_url) return undefined;
    return (row) => {
      const settings = settingsOf(row);
      const secrets = secretsOf(row);
      const { auth_token, ...rest } = telephony ?? {};
      // The auth token is bound to the API it was given for: another api_base_url needs it again.
      if (rest.api_base_url && rest.api_base_url !== settings.telephony.api_base_url && !auth_token) {
        throw validationError([{ path: "telephony.auth_token", message: "is required when telephony.api_base_url changes (the token is only sent where it was given for)" }], 422);
      }
      return {
        settings: { ...settings, telephony: { ...settings.telephony, ...rest }, callback_origin: origin },
        secrets: { ...secrets, ...(auth_token ? { twilio_auth_token: auth_token } : {}), ...(patch.rotate_push_secret ? { push_secret: newSecret() } : {}) },
      };
    };
  },

  async check(engine) {
    const [server, twilio] = await Promise.allSettled([listServerAgents(engine), checkAccount(twilioOf(engine))]);
    const parts = [
      server.status === "fulfilled" ? `Bolna server: connected, ${server.value.length} agent${server.value.length === 1 ? "" : "s"}` : `Bolna server: ${reason(server.reason)}`,
      twilio.status === "fulfilled" ? `Twilio: credentials accepted (${twilio.value})` : `Twilio: ${reason(twilio.reason)}`,
    ];
    if (server.status === "rejected" || twilio.status === "rejected") throw new AppError(424, parts.join("; "));
    return parts.join("; ");
  },

  async deploy(engine, { agent, tools, remoteId }) {
    // The hosted API's webhook_url has no place on the open-source server: calls are followed through Twilio.
    const { agent_config, agent_prompts } = compileAgent(agent, tools, "");
    delete agent_config.webhook_url;
    const res = await upsertServerAgent(engine, { agent_config, agent_prompts }, remoteId);
    return { remote_agent_id: res.id, recreated: res.recreated };
  },

  async undeploy(engine, remoteId) {
    await deleteServerAgent(engine, remoteId);
  },

  async placeCall(engine, dial) {
    const hook = callbackUrl(engine);
    const from = dial.from ?? settingsOf(engine).telephony.from_number;
    const sid = await createCall(twilioOf(engine), {
      To: dial.to, From: from, Twiml: streamTwiml(engine.base_url, dial.remote_agent_id, dial.variables),
      StatusCallback: hook, StatusCallbackMethod: "POST", StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
      Record: "true", RecordingChannels: "dual", RecordingStatusCallback: hook, RecordingStatusCallbackMethod: "POST",
    });
    const at = new Date().toISOString();
    return {
      call_sid: sid, remote_agent_id: dial.remote_agent_id, from_number: from, to_number: dial.to, duration: 0, recording_url: "",
      transcription: "", status: "queued", status_rank: statusRank("queued"), cost: 0, call_type: "outbound", created_at: at, updated_at: at,
      extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null,
        error_message: null, template_variables: dial.variables ?? null },
    };
  },

  receive: (engine, req, ingest) => receiveTwilio(engine, req, ingest),

  async recording(engine, call, range) {
    return fetchMedia(twilioOf(engine), call.recording, range);
  },

  /** Twilio writes a charge as a negative string, null until it is known. */
  async price(engine, callSid) {
    const c = await fetchCall(twilioOf(engine), callSid);
    if (c.price === null || c.price.trim() === "") return null;
    const n = Math.abs(Number(c.price));
    return Number.isFinite(n) ? n : null;
  },
};

const reason = (err: unknown) => (err instanceof Error ? err.message.replace(/^(The Bolna server|Twilio): /i, "") : String(err));
