"""Turns one Bolna task output into the record Voxdesk's push endpoint ingests.

Bolna's outputs are Python dicts straight from TaskManager.run(): roles and hangup reasons may
still be str-based Enum members, so every value that ends up in a record goes through _plain.
"""

from enum import Enum
import json

TASK_KINDS = ("conversation", "summarization", "extraction", "webhook")


def task_kind(index, output, agent_config):
    """The task's kind: follow-up outputs name it; the conversation output does not."""
    kind = _plain(output.get("task_type")) if isinstance(output, dict) else None
    if not kind:
        tasks = agent_config.get("tasks") or []
        if index < len(tasks) and isinstance(tasks[index], dict):
            kind = _plain(tasks[index].get("task_type"))
    if not kind and index == 0:
        kind = "conversation"
    return kind if kind in TASK_KINDS else None


def build_record(kind, output, *, agent_id, run_id, call_sid):
    """call_sid: Twilio's, from the conversation output (follow-ups reuse the run's)."""
    record = {"call_sid": _plain(call_sid), "run_id": run_id, "agent_id": agent_id, "task": kind}
    if kind == "conversation":
        record.update(_conversation(output))
    elif kind == "summarization" and "summary" in output:
        record["summary"] = _plain(output["summary"])
    elif kind == "extraction" and "extracted_data" in output:
        record["extracted_data"] = _plain(output["extracted_data"])
    return record


def encode(record):
    """The exact bytes that are signed and sent."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False, default=str).encode()


def _conversation(output):
    latency = output.get("latency_dict") or {}
    out = {"transcript": transcript(output)}
    # Bolna leaves hangup_detail null when the caller or the carrier ended the call.
    out["end_reason"] = _plain(output.get("hangup_detail"))
    if output.get("ended_by_assistant") is not None:
        out["ended_by_assistant"] = bool(output["ended_by_assistant"])
    if _is_number(output.get("conversation_time")):
        out["duration_s"] = round(output["conversation_time"], 3)
    usage = _usage(output)
    if usage:
        out["usage"] = usage
    turns = [e["latency_ms"] for e in latency.get("user_bot_latencies") or [] if _is_number(e.get("latency_ms"))]
    if "user_bot_latencies" in latency:
        # Items without latency_ms are agent turns with no user turn before them (welcome
        # message, the answer after a tool call): not a response time.
        out["latency"] = {"turns": turns}
    stats = latency.get("interruption_stats") or {}
    if _is_number(stats.get("total_interruptions")):
        out["interruptions"] = stats["total_interruptions"]
    if output.get("recording_url"):
        out["recording_url"] = output["recording_url"]
    return out


def _usage(output):
    usage = {}
    if _is_number(output.get("transcriber_duration")):
        usage["stt_seconds"] = output["transcriber_duration"]
    if _is_number(output.get("synthesizer_characters")):
        usage["tts_characters"] = output["synthesizer_characters"]
    # latency_dict has the token counts stripped; only progression_data keeps them.
    llm = (output.get("progression_data") or {}).get("llm_latencies") or {}
    turns = [t for t in llm.get("turn_latencies") or [] if isinstance(t, dict)]
    for key, name in (("input_tokens", "llm_input_tokens"), ("output_tokens", "llm_output_tokens")):
        counts = [t[key] for t in turns if _is_number(t.get(key))]
        if counts:
            usage[name] = sum(counts)
    return usage


def transcript(output):
    """messages → [{role, text, start_s?}], without the system prompt."""
    starts = _turn_starts(output)
    turns = []
    agent_start = None  # when the agent began answering the last timed user turn
    for message in output.get("messages") or []:
        if not isinstance(message, dict):
            continue
        role = _plain(message.get("role"))
        text = _text(message.get("content"))
        if role == "user":
            user_start, agent_start = starts.pop(_asr_turn(message.get("asr_turn_id")), (None, None))
            if text:
                turns.append(_turn("user", text, user_start))
        elif role == "assistant":
            if text:
                turns.append(_turn("assistant", text, agent_start))
                agent_start = None
            for call in message.get("tool_calls") or []:
                turns.append({"role": "tool", "text": _tool_call_text(call)})
        elif role == "tool" and text:
            turns.append({"role": "tool", "text": text})
    return turns


def _turn_starts(output):
    """asr turn id → (user_start_s, agent_start_s) from latency_dict.user_bot_latencies.

    A latency item names an LLM sequence, not a message: progression_data's LLM turns map each
    sequence to the ASR turn that the user message carries as asr_turn_id. Where that chain
    breaks, the turn simply gets no start_s.
    """
    llm = (output.get("progression_data") or {}).get("llm_latencies") or {}
    seq_to_asr = {}
    for t in llm.get("turn_latencies") or []:
        if isinstance(t, dict) and t.get("sequence_id") is not None and _asr_turn(t.get("asr_turn_id")) is not None:
            seq_to_asr.setdefault(t["sequence_id"], _asr_turn(t["asr_turn_id"]))
    starts = {}
    for item in (output.get("latency_dict") or {}).get("user_bot_latencies") or []:
        asr = seq_to_asr.get(item.get("sequence_id"))
        if asr is not None and asr not in starts:
            starts[asr] = (_seconds(item.get("user_start_ms")), _seconds(item.get("agent_start_ms")))
    return starts


def _turn(role, text, start_s):
    turn = {"role": role, "text": text}
    if start_s is not None:
        turn["start_s"] = start_s
    return turn


def _tool_call_text(call):
    function = (call or {}).get("function") or {}
    arguments = function.get("arguments")
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments if arguments is not None else {}, ensure_ascii=False, default=str)
    return f"{function.get('name') or 'function'}({arguments})"


def _text(content):
    if content is None:
        return ""
    if isinstance(content, str):
        return content.strip()
    return json.dumps(_plain(content), ensure_ascii=False, default=str)


def _asr_turn(value):
    # Deepgram numbers ASR turns; OpenAI's transcriber names them "turn_3". Bolna compares them
    # as ints, and so do we.
    if isinstance(value, str):
        digits = "".join(ch for ch in value if ch.isdigit())
        return int(digits) if digits else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seconds(ms):
    return round(ms / 1000, 3) if _is_number(ms) and ms >= 0 else None


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _plain(value):
    """Enum members to their values, recursively, so records compare and encode as plain JSON."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
