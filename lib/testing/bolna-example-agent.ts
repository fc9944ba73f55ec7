// Bolna's README-style example agent, written from shared/spec/bolna-engine.md §1, plus fields
// neither Voxdesk nor (today) Bolna validates, at every depth: what a lossless agent API must
// give back unchanged. Used by the API round-trip tests, the builder's unit test and e2e.
export function bolnaExampleAgent() {
  return {
    agent_config: {
      agent_name: "Alfred",
      agent_type: "other",
      agent_welcome_message: "How are you doing Bruce?",
      x_agent_note: { owner: "ops", tags: ["demo", 1, null] },
      calling_guardrails: { call_start_hour: 9, call_end_hour: 18 },
      tasks: [
        {
          task_type: "conversation",
          x_task_note: "kept",
          tools_config: {
            llm_agent: {
              agent_type: "simple_llm_agent",
              agent_flow_type: "streaming",
              x_llm_agent_note: true,
              llm_config: {
                provider: "openai", model: "gpt-4o-mini", max_tokens: 100, temperature: 0.1, top_p: 0.9,
                request_json: true, reasoning_effort: "low", x_llm_config_note: [1, 2, 3],
              },
            },
            synthesizer: {
              provider: "elevenlabs",
              provider_config: { voice: "Rachel", voice_id: "21m00Tcm4TlvDq8ikWAM", model: "eleven_turbo_v2_5", similarity_boost: 0.75, x_pc: { deep: { deeper: "yes" } } },
              stream: true,
              buffer_size: 100,
              audio_format: "wav",
              caching: true,
            },
            transcriber: { provider: "deepgram", model: "nova-2", language: "en", stream: true, endpointing: 100, encoding: "linear16", keywords: "Bruce:100", sampling_rate: 16000 },
            input: { provider: "twilio", format: "wav", x_in: 1 },
            output: { provider: "twilio", format: "wav", x_out: 2 },
            x_tools_note: { a: 1 },
          },
          toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]], x_chain: "kept" },
          task_config: { hangup_after_silence: 10, call_terminate: 90, incremental_delay: 100, backchanneling: false, x_tc: { y: [] } },
        },
      ],
    },
    agent_prompts: { task_1: { system_prompt: "You are Alfred, Bruce's butler.", x_prompt_note: "kept" } },
  };
}
