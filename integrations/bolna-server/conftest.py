"""Stand-ins for Redis and for Bolna, and a real HTTP receiver that checks signatures.

The task outputs below are shaped like Bolna's own (TaskManager.run() at bolna 0.10.204): the
conversation output's exact top-level keys, roles and the hangup reason as str Enum members.
"""

import base64
import copy
import hashlib
import hmac
import http.server
import json
import os
import queue
import threading
import time
from enum import Enum

import pytest


class ChatRole(str, Enum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


class HangupReason(str, Enum):
    LLM_PROMPTED_HANGUP = "llm_prompted_hangup"


SYSTEM_PROMPT = "You are Ava, the receptionist of Acme Dental. Book cleanings. Never give medical advice."


def llm_turn(seq, asr, tokens_in, tokens_out, with_tokens):
    turn = {"sequence_id": seq, "first_token_latency_ms": 410.2, "total_stream_duration_ms": 900.0,
            "service_tier": None, "llm_host": None, "reasoning_effort": None, "verbosity": None}
    if with_tokens:  # only progression_data keeps these
        turn.update(turn_id=asr, asr_turn_id=asr, input_tokens=tokens_in, output_tokens=tokens_out,
                    reasoning_tokens=0, cached_tokens=0, model="gpt-4.1-mini")
    return turn


def conversation_output(call_sid, stream_sid):
    def latencies(with_tokens):
        turns = [llm_turn(2, 1, 812, 24, with_tokens), llm_turn(3, 1, 870, 19, with_tokens), llm_turn(4, 2, 905, 15, with_tokens)]
        return {"connection_latency_ms": 120.0, "turn_latencies": turns, "other_latencies": []}

    user_bot = [
        {"sequence_id": 0, "user_start_ms": None, "user_end_ms": None, "agent_start_ms": 850.0, "latency_ms": None},
        {"sequence_id": 3, "user_start_ms": 3100.0, "user_end_ms": 5200.0, "agent_start_ms": 6900.25, "latency_ms": 1700.25},
        {"sequence_id": 4, "user_start_ms": 9400.0, "user_end_ms": 10100.0, "agent_start_ms": 10750.0, "latency_ms": 650.0},
    ]
    stats = {"user_interrupted_agent_count": 1, "agent_interrupted_user_count": 0, "total_interruptions": 1,
             "barge_in_recovery_count": 1, "barge_in_recovery_rate": 100.0,
             "interruption_events": [{"type": "user_interrupted_agent", "recovery_completed": True, "asr_turn_id": 2}],
             "agent_speaking_ms": 7100.0, "user_speaking_ms": 2800.0, "talk_to_listen_ratio": 71.7,
             "longest_agent_monologue_ms": 3200.0}
    empty = {"connection_latency_ms": None, "turn_latencies": [], "other_latencies": []}
    messages = [
        {"role": ChatRole.SYSTEM, "content": SYSTEM_PROMPT},
        {"role": ChatRole.ASSISTANT, "content": "Hi, this is Ava from Acme Dental. How can I help?"},
        {"role": ChatRole.USER, "content": "I'd like to book a cleaning next Tuesday.", "asr_turn_id": 1},
        {"role": ChatRole.ASSISTANT, "content": None, "turn_id": 1, "tool_calls": [
            {"index": 0, "id": "call_1", "type": "function",
             "function": {"name": "check_availability", "arguments": '{"date":"2026-11-17"}'}}]},
        {"role": ChatRole.TOOL, "tool_call_id": "call_1", "content": '{"slots":["10:00","14:30"]}'},
        {"role": ChatRole.ASSISTANT, "content": "I have 10 AM or 2:30 PM. Which works?", "turn_id": 2, "response_uid": "r2"},
        {"role": ChatRole.USER, "content": "2:30 please.", "asr_turn_id": 2},
        {"role": ChatRole.ASSISTANT, "content": "Booked for 2:30 PM on Tuesday. Goodbye!", "turn_id": 3, "response_uid": "r3"},
    ]
    latency_dict = {"llm_latencies": latencies(False), "transcriber_latencies": dict(empty),
                    "synthesizer_latencies": dict(empty), "rag_latencies": {}, "routing_latencies": {},
                    "welcome_message_sent_ts": 850.0, "stream_sid_ts": 40.0, "interruption_stats": stats,
                    "user_bot_latencies": user_bot, "mark_tracking": {}, "synthesizer_chunk_marks": []}
    progression = {"call_start_epoch_ms": 1794000000000.0, "messages": copy.deepcopy(messages),
                   "llm_latencies": latencies(True), "user_bot_latencies": copy.deepcopy(user_bot),
                   "interruption_stats": stats, "hangup_triggered_ms": 13900.0, "hangup_detail": "llm_prompted_hangup",
                   "hangup_decision_ms": 13850.0, "voicemail_detected": False, "dtmf_events": [],
                   "transfer_call_events": [], "transcriber_error_events": []}
    return {
        "messages": messages, "conversation_time": 14.2134567, "label_flow": [],
        "function_tool_api_call_details": [], "lid_detection_events": [], "asr_lid_events": [],
        "language_switch_events": [], "call_sid": call_sid, "stream_sid": stream_sid,
        "transcriber_duration": 13.8, "synthesizer_characters": 142, "ended_by_assistant": True,
        "latency_dict": latency_dict, "hangup_detail": HangupReason.LLM_PROMPTED_HANGUP, "has_transfer": False,
        "progression_data": progression, "recording_url": None,
    }


FOLLOW_UPS = {
    "summarization": {"summary": "The caller booked a cleaning for Tuesday at 2:30 PM.", "task_type": "summarization",
                      "latency_dict": {"llm_latencies": {"connection_latency_ms": None, "turn_latencies": [], "other_latencies": []}}},
    "extraction": {"extracted_data": {"appointment_booked": True, "slot": "Tuesday 14:30"}, "task_type": "extraction",
                   "latency_dict": {"llm_latencies": {"connection_latency_ms": None, "turn_latencies": [], "other_latencies": []}}},
    "webhook": {"status": True, "task_type": "webhook"},
}


class FakeAssistantManager:
    """Reads Twilio's media-stream frames like Bolna's input handler, then yields each task's output."""

    def __init__(self, agent_config, ws, agent_id):
        self.agent_config, self.ws, self.agent_id = agent_config, ws, agent_id
        self.run_id = "5f0c2a8e-run"

    async def run(self, local=False, run_id=None):
        assert local is True, "prompts live in agent_data/ on a self-hosted server"
        call_sid = stream_sid = None
        while True:
            frame = json.loads(await self.ws.receive_text())
            if frame["event"] == "start":
                call_sid, stream_sid = frame["start"]["callSid"], frame["start"]["streamSid"]
            if frame["event"] == "stop":
                break
        for index, task in enumerate(self.agent_config["tasks"]):
            kind = task["task_type"]
            output = conversation_output(call_sid, stream_sid) if kind == "conversation" else copy.deepcopy(FOLLOW_UPS[kind])
            output["run_id"] = self.run_id
            yield index, copy.deepcopy(output)


class FakeBolna:
    """The four things voxdesk_server takes from Bolna (voxdesk_bolna.Bolna)."""

    def __init__(self):
        self.prompts, self.managers = {}, []

    def validate_payload(self, body):
        from voxdesk_bolna import InvalidPayload

        config = body.get("agent_config")
        if not isinstance(config, dict) or not isinstance(config.get("agent_name"), str) or not isinstance(config.get("tasks"), list):
            raise InvalidPayload([{"loc": ["body", "agent_config"], "msg": "invalid agent", "type": "value_error"}])
        if "agent_prompts" not in body:
            raise InvalidPayload([{"loc": ["body", "agent_prompts"], "msg": "Field required", "type": "missing"}])
        known = ("agent_name", "agent_type", "tasks", "agent_welcome_message")
        return {"agent_type": "other", **{k: v for k, v in config.items() if k in known}}, body["agent_prompts"]

    async def store_prompts(self, agent_id, prompts):
        self.prompts[agent_id] = prompts

    async def extraction_json(self, details):
        return '{"appointment_booked": "boolean", "slot": "string"}'

    def assistant_manager(self, agent_config, websocket, agent_id):
        manager = FakeAssistantManager(agent_config, websocket, agent_id)
        self.managers.append(manager)
        return manager


class FakeRedis:
    def __init__(self):
        self.data = {}

    async def get(self, key):
        return self.data.get(key)

    async def set(self, key, value):
        self.data[key] = value
        return True

    async def exists(self, key):
        return int(key in self.data)

    async def delete(self, key):
        return int(self.data.pop(key, None) is not None)

    async def scan_iter(self, match="*"):
        for key in list(self.data):
            yield key


def verify_standard_webhook(secret, headers, body):
    """The receiving side, written separately from voxdesk_push so a shared mistake shows."""
    key = base64.b64decode(secret.split("_", 1)[1])
    msg_id, ts = headers["webhook-id"], headers["webhook-timestamp"]
    expected = base64.b64encode(hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
    fresh = abs(time.time() - int(ts)) <= 300
    return fresh and any(
        version == "v1" and hmac.compare_digest(sig, expected)
        for version, _, sig in (part.partition(",") for part in headers["webhook-signature"].split(" "))
    )


class Receiver:
    """Voxdesk's push endpoint: answers from `answers` (then 200) and queues every attempt."""

    def __init__(self, secret):
        self.secret, self.answers, self.attempts = secret, [], queue.Queue()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                headers = {k.lower(): v for k, v in self.headers.items()}
                status = receiver.answers.pop(0) if receiver.answers else 200
                receiver.attempts.put({"id": headers["webhook-id"], "status": status, "body": body,
                                       "valid": verify_standard_webhook(receiver.secret, headers, body)})
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/ingest/eng_test"
        # A short poll interval only so that shutting the receiver down after each test is quick.
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()

    def next(self, timeout=10):
        return self.attempts.get(timeout=timeout)


@pytest.fixture
def secret():
    return "whsec_" + base64.b64encode(os.urandom(32)).decode()


@pytest.fixture
def receiver(secret):
    r = Receiver(secret)
    yield r
    r.server.shutdown()
    r.server.server_close()
