import type { AgentPayloadInput } from "@/lib/agents/schema";
import { VOICE_PRESETS } from "@/lib/agents/catalog";
import type { SeedAgent } from "./synthetic-calls";

// The demo account's agents: created through the same schema as POST /api/agent, and the seed
// data names them, so the console's calls link to agents that exist. Each is complete for Bolna as
// it comes (agent type, a catalogued voice, a toolchain): deployable without editing a field.

interface DemoAgent { payload: AgentPayloadInput; seed: Omit<SeedAgent, "agent_id" | "name"> }

const voice = (label: string) => {
  const preset = VOICE_PRESETS.find((v) => v.label === label);
  if (!preset) throw new Error(`no voice preset ${label}`);
  return { provider: preset.provider, provider_config: { ...preset.provider_config } };
};

const task = (provider: string, model: string, voiceLabel: string) => ({
  task_type: "conversation" as const,
  tools_config: {
    llm_agent: { agent_type: "simple_llm_agent" as const, agent_flow_type: "streaming" as const, llm_config: { provider, model } },
    synthesizer: voice(voiceLabel),
    transcriber: { provider: "deepgram", model: "nova-2" },
    // Phone agents: Bolna refuses telephony IO without a provider.
    input: { provider: "twilio", format: "wav" },
    output: { provider: "twilio", format: "wav" },
  },
  toolchain: { execution: "parallel" as const, pipelines: [["transcriber", "llm", "synthesizer"]] },
  task_config: { hangup_after_silence: 15 },
});

export const DEMO_AGENTS: DemoAgent[] = [
  {
    payload: {
      agent_config: {
        agent_name: "Front Desk", agent_welcome_message: "Thank you for calling Bright Smile Dental, how can I help you today?",
        agent_type: "receptionist", timezone: "America/New_York", country: "US", call_direction: "inbound",
        inbound_phone_number: "+12125550142", tasks: [task("openai", "gpt-4o-mini", "ElevenLabs · Rachel")],
      },
      agent_prompts: { task_1: { system_prompt: "You are the front desk of Bright Smile Dental. Book, move and cancel appointments. Be brief and warm." } },
    },
    seed: { kind: "receptionist", number: "+12125550142", share: 40, callTypes: { inbound: 85, web_call: 15 } },
  },
  {
    payload: {
      agent_config: {
        agent_name: "Solar Outreach", agent_welcome_message: "Hi, this is Alex from Northwind Solar calling about the quote you requested.",
        agent_type: "sales", timezone: "America/Los_Angeles", country: "US", call_direction: "outbound",
        tasks: [task("anthropic", "claude-3-5-haiku", "ElevenLabs · Sarah")],
      },
      agent_prompts: { task_1: { system_prompt: "You call people who asked for a solar quote. Qualify them and book a free site visit." } },
    },
    seed: { kind: "sales", number: "+14155550117", share: 35, callTypes: { outbound: 95, web_call: 5 } },
  },
  {
    payload: {
      agent_config: {
        agent_name: "Support Line", agent_welcome_message: "Acme Internet support, how can I help?",
        agent_type: "support", timezone: "America/Chicago", country: "US", call_direction: "inbound",
        inbound_phone_number: "+13125550163", tasks: [task("openai", "gpt-4o", "OpenAI · Nova")],
      },
      agent_prompts: { task_1: { system_prompt: "You are Acme Internet's support agent. Troubleshoot connections, explain invoices, track orders." } },
    },
    seed: { kind: "support", number: "+13125550163", share: 25, callTypes: { inbound: 70, web_call: 30 } },
  },
];
