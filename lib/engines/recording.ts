import "server-only";
import { callRecordingSource } from "@/lib/calls/db/calls";
import { AppError, notFound } from "@/lib/http/errors";
import { getEngine } from "./db";
import { adapterFor } from "./registry";

// GET /api/details/{call_sid}/recording: a recording whose URL needs the engine's credentials
// (Twilio's media), streamed through Voxdesk so they never reach the browser. Range requests pass
// through (an <audio> element seeks with them); the caller's account must own the call.

const PASSED = ["content-type", "content-length", "content-range", "accept-ranges"];

export async function streamRecording(accountId: string, callSid: string, range: string | null): Promise<Response> {
  const found = await callRecordingSource(accountId, callSid);
  const engine = found && (await getEngine(accountId, found.engine_id));
  const adapter = engine && adapterFor(engine.provider);
  if (!found || !engine || !adapter?.recording) throw notFound("Recording");
  const upstream = await adapter.recording(engine, { call_sid: callSid, recording: found.source }, range);
  if (upstream.status === 416) return new Response(null, { status: 416, headers: pick(upstream.headers) });
  if (upstream.status !== 200 && upstream.status !== 206) {
    await upstream.body?.cancel();
    throw new AppError(upstream.status === 404 ? 404 : 424, upstream.status === 404 ? "Recording not found at the carrier" : `The carrier answered HTTP ${upstream.status} for the recording`);
  }
  return new Response(upstream.body, { status: upstream.status, headers: { ...pick(upstream.headers), "cache-control": "private, no-store" } });
}

function pick(h: Headers): Record<string, string> {
  return Object.fromEntries(PASSED.flatMap((k) => (h.get(k) ? [[k, h.get(k)!]] : [])));
}
