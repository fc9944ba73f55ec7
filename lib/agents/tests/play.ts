import "server-only";
import { prepareTurn, runTurn, type ChatMessage } from "@/lib/agents/test-chat/conversation";
import { AppError } from "@/lib/http/errors";
import type { TranscriptEntry } from "./schema";

// Plays a test's user turns against one agent version through the test chat's engine (the same
// prompt, variables, welcome and real tool calls as the builder's Test panel), collecting the
// conversation. An error (no AI provider, the provider failed, the agent is gone) ends it.

export interface Played { transcript: TranscriptEntry[]; error: string | null }

export interface PlayInput {
  accountId: string; agentId: string; version: number; variables: Record<string, string>; turns: string[];
  /** Called after each turn; false: stop (the worker lost its claim). */
  afterTurn?: () => Promise<boolean>;
}

const toolLine = (name: string, args: unknown, status: number | null, ok: boolean) =>
  `${name}(${JSON.stringify(args)}) → ${status ?? "no answer"}${ok ? "" : " (failed)"}`;

export async function playTest(input: PlayInput): Promise<Played | null> {
  const transcript: TranscriptEntry[] = [];
  const messages: ChatMessage[] = [];
  for (const turn of input.turns) {
    messages.push({ role: "user", content: turn });
    let prepared;
    try {
      prepared = await prepareTurn({ accountId: input.accountId, agentId: input.agentId, version: input.version, variables: input.variables, messages: [...messages] });
    } catch (err) {
      if (err instanceof AppError) return { transcript, error: err.message };
      throw err;
    }
    // The welcome opens the conversation (the engine sends it to the provider as the first assistant message).
    if (transcript.length === 0 && prepared.welcome) transcript.push({ role: "assistant", content: prepared.welcome });
    transcript.push({ role: "user", content: turn });
    const calls = new Map<string, Record<string, unknown>>();
    let reply = "";
    for await (const ev of runTurn(prepared)) {
      if (ev.type === "tool_call") calls.set(ev.id, ev.args);
      if (ev.type === "tool_result") {
        const args = calls.get(ev.id) ?? {};
        transcript.push({ role: "tool", content: toolLine(ev.name, args, ev.http_status, ev.ok),
          tool: { name: ev.name, args, ok: ev.ok, http_status: ev.http_status, response: ev.response } });
      }
      if (ev.type === "text") reply += ev.delta;
      if (ev.type === "error") return { transcript, error: ev.message };
      if (ev.type === "done") reply = ev.reply;
    }
    transcript.push({ role: "assistant", content: reply });
    messages.push({ role: "assistant", content: reply });
    if (input.afterTurn && !(await input.afterTurn())) return null;
  }
  return { transcript, error: null };
}
