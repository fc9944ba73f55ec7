// An agent written the way Bolna's own examples write one (fields our spec does not list,
// at every depth) comes back from GET exactly as sent, after POST and after PUT.
export const bolnaExampleAgent = () => ({
  agent_config: {
    agent_name: "Alfred",
    agent_type: "other",
    agent_welcome_message: "How are you doing Bruce?",
    webhook_url: null,
    calling_guardrails: { call_start_hour: 9, call_end_hour: 18 },
    tasks: [
      {
        task_type: "conversation",
        tools_config: {
          llm_agent: {
            agent_type: "simple_llm_agent",
            agent_flow_type: "streaming",
            routes: null,
            llm_config: { provider: "openai", model: "gpt-4o-mini", max_tokens: 100, temperature: 0.1, top_p: 0.9,
              request_json: true, reasoning_effort: "low", family: "openai", base_url: "https://api.openai.com/v1" },
          },
          synthesizer: {
            provider: "elevenlabs",
            provider_config: { voice: "Rachel", voice_id: "21m00Tcm4TlvDq8ikWAM", model: "eleven_turbo_v2_5", temperature: 0.5, similarity_boost: 0.75 },
            stream: true, buffer_size: 100, audio_format: "wav", caching: true,
          },
          transcriber: { provider: "deepgram", model: "nova-2", language: "en", stream: true, encoding: "linear16", endpointing: 100, keywords: "Bruce:100", sampling_rate: 16000 },
          input: { provider: "twilio", format: "wav" },
          output: { provider: "twilio", format: "wav" },
          custom_member: { anything: [1, { deep: true }] },
        },
        toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]] },
        task_config: { hangup_after_silence: 10, call_terminate: 90, backchanneling: false, ambient_noise: false, optimize_latency: true },
      },
    ],
  },
  agent_prompts: { task_1: { system_prompt: "You are Alfred, Bruce Wayne's butler.", extra_note: "kept" } },
});

