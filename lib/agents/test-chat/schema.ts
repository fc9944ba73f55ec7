import { z } from "zod";

// POST /api/agent/{id}/test-chat: the conversation so far, sent whole on every turn
// (the server keeps nothing), and the agent's next turn streams back as server-sent events.

export const MAX_CHAT_MESSAGES = 100;
export const MAX_MESSAGE_CHARS = 8000;

export const ChatMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(MAX_MESSAGE_CHARS),
});

export const TestChatBody = z.object({
  version: z.number().int().positive().optional().describe("Agent version to chat with; default: the newest"),
  variables: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a variable name is letters, digits and underscores"), z.string().max(2000))
    .default({})
    .describe("Values for the {name} placeholders of the system prompt and welcome message"),
  messages: z
    .array(ChatMessageSchema)
    .max(MAX_CHAT_MESSAGES)
    .describe("The conversation so far, without the welcome message; empty asks for the welcome only. Ends with a user message otherwise."),
});
export type TestChatBody = z.infer<typeof TestChatBody>;

// The stream's events, one `data: <JSON>` line each (browser-safe types; the engine is conversation.ts).
export type ChatMessage = { role: "user" | "assistant"; content: string };
export type ChatEvent =
  | { type: "welcome"; text: string } // the welcome message, variables filled
  | { type: "text"; delta: string }
  | { type: "tool_call"; id: string; tool_id: string; name: string; args: Record<string, unknown> }
  | { type: "tool_result"; id: string; name: string; ok: boolean; http_status: number | null; duration_ms: number;
      request: { method: string; url: string; body: unknown }; response: unknown } // no token anywhere
  | { type: "error"; message: string } // in words; the stream ends after it
  | { type: "done"; version: number; reply: string };
