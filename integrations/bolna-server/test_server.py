import asyncio
import json
import queue

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from conftest import SYSTEM_PROMPT, FakeBolna, FakeRedis
from voxdesk_push import PushSettings, Pusher, sign
from voxdesk_records import build_record, transcript
from voxdesk_server import create_app

CALL_SID, STREAM_SID = "CA0123456789abcdef0123456789abcdef", "MZ0123456789abcdef0123456789abcdef"


def task(kind, **llm_agent):
    return {"task_type": kind, "tools_config": {"llm_agent": llm_agent or None}, "toolchain": {"execution": "parallel", "pipelines": [["llm"]]}}


AGENT = {
    "agent_name": "Ava",
    "tasks": [task("conversation"), task("summarization"), task("extraction", extraction_details="booked? which slot?"), task("webhook")],
    "ignored_by_the_model": True,
}
PROMPTS = {"task_1": {"system_prompt": SYSTEM_PROMPT}}


@pytest.fixture
def env(receiver, secret):
    redis, bolna = FakeRedis(), FakeBolna()
    settings = PushSettings(url=receiver.url, secret=secret, timeout_s=5, backoff_s=0.01)
    with TestClient(create_app(redis=redis, bolna=bolna, push_settings=settings)) as client:
        yield client, redis, bolna


def test_agent_routes_keep_the_quickstart_answers_and_404_unknown_ids(env):
    client, redis, bolna = env
    created = client.post("/agent", json={"agent_config": AGENT, "agent_prompts": PROMPTS})
    assert created.status_code == 200
    agent_id = created.json()["agent_id"]
    assert created.json() == {"agent_id": agent_id, "state": "created"}
    stored = json.loads(redis.data[agent_id])
    assert stored["assistant_status"] == "seeding" and "ignored_by_the_model" not in stored
    assert stored["tasks"][2]["tools_config"]["llm_agent"]["extraction_json"].startswith('{"appointment_booked"')
    assert bolna.prompts[agent_id] == PROMPTS

    got = client.get(f"/agent/{agent_id}")
    assert got.status_code == 200 and got.json() == stored  # prompts are not returned

    edited = {**AGENT, "agent_name": "Ava 2"}
    put = client.put(f"/agent/{agent_id}", json={"agent_config": edited, "agent_prompts": {"task_1": {"system_prompt": "v2"}}})
    assert put.json() == {"agent_id": agent_id, "state": "updated"}
    assert client.get(f"/agent/{agent_id}").json()["agent_name"] == "Ava 2"
    assert client.get(f"/agent/{agent_id}").json()["assistant_status"] == "updated"
    assert bolna.prompts[agent_id] == {"task_1": {"system_prompt": "v2"}}

    redis.data["some-cache"] = "not json"
    listed = client.get("/all").json()
    assert listed == {"agents": [{"agent_id": agent_id, "data": json.loads(redis.data[agent_id])}]}

    assert client.delete(f"/agent/{agent_id}").json() == {"agent_id": agent_id, "state": "deleted"}
    for method in ("get", "delete"):
        missing = getattr(client, method)(f"/agent/{agent_id}")
        assert (missing.status_code, missing.json()) == (404, {"detail": "Agent not found"})
    missing = client.put("/agent/nope", json={"agent_config": AGENT, "agent_prompts": None})
    assert (missing.status_code, missing.json()) == (404, {"detail": "Agent not found"})

    invalid = client.post("/agent", json={"agent_config": {"tasks": []}, "agent_prompts": None})
    assert invalid.status_code == 422 and invalid.json()["detail"][0]["loc"] == ["body", "agent_config"]
    assert client.post("/agent", content=b"{", headers={"content-type": "application/json"}).status_code == 422


EXPECTED_CONVERSATION = {
    "call_sid": CALL_SID, "run_id": "5f0c2a8e-run", "task": "conversation",
    "transcript": [
        {"role": "assistant", "text": "Hi, this is Ava from Acme Dental. How can I help?"},
        {"role": "user", "text": "I'd like to book a cleaning next Tuesday.", "start_s": 3.1},
        {"role": "tool", "text": 'check_availability({"date":"2026-11-17"})'},
        {"role": "tool", "text": '{"slots":["10:00","14:30"]}'},
        {"role": "assistant", "text": "I have 10 AM or 2:30 PM. Which works?", "start_s": 6.9},
        {"role": "user", "text": "2:30 please.", "start_s": 9.4},
        {"role": "assistant", "text": "Booked for 2:30 PM on Tuesday. Goodbye!", "start_s": 10.75},
    ],
    "end_reason": "llm_prompted_hangup", "ended_by_assistant": True, "duration_s": 14.213,
    "usage": {"stt_seconds": 13.8, "tts_characters": 142, "llm_input_tokens": 2587, "llm_output_tokens": 58},
    "latency": {"turns": [1700.25, 650.0]}, "interruptions": 1,
}


def test_a_call_pushes_one_signed_record_per_task_in_order_and_retries_a_500(env, receiver):
    client, redis, bolna = env
    agent_id = client.post("/agent", json={"agent_config": AGENT, "agent_prompts": PROMPTS}).json()["agent_id"]
    receiver.answers = [500]  # the first delivery fails once

    with client.websocket_connect(f"/chat/v1/{agent_id}") as ws:
        ws.send_text(json.dumps({"event": "connected", "protocol": "Call", "version": "1.0.0"}))
        ws.send_text(json.dumps({"event": "start", "sequenceNumber": "1", "streamSid": STREAM_SID, "start": {
            "accountSid": "AC0", "streamSid": STREAM_SID, "callSid": CALL_SID, "tracks": ["inbound"],
            "mediaFormat": {"encoding": "audio/x-mulaw", "sampleRate": 8000, "channels": 1}, "customParameters": {}}}))
        ws.send_text(json.dumps({"event": "media", "streamSid": STREAM_SID, "media": {"payload": "AAAA"}}))
        ws.send_text(json.dumps({"event": "stop", "streamSid": STREAM_SID, "stop": {"callSid": CALL_SID}}))

    attempts = [receiver.next() for _ in range(5)]
    assert [(a["id"], a["status"]) for a in attempts] == [
        ("5f0c2a8e-run-0", 500), ("5f0c2a8e-run-0", 200), ("5f0c2a8e-run-1", 200),
        ("5f0c2a8e-run-2", 200), ("5f0c2a8e-run-3", 200)]
    assert all(a["valid"] for a in attempts)
    assert attempts[0]["body"] == attempts[1]["body"]
    records = [json.loads(a["body"]) for a in attempts[1:]]
    base = {"call_sid": CALL_SID, "run_id": "5f0c2a8e-run", "agent_id": agent_id}
    assert records == [
        {**EXPECTED_CONVERSATION, "agent_id": agent_id},
        {**base, "task": "summarization", "summary": "The caller booked a cleaning for Tuesday at 2:30 PM."},
        {**base, "task": "extraction", "extracted_data": {"appointment_booked": True, "slot": "Tuesday 14:30"}},
        {**base, "task": "webhook"},
    ]
    assert SYSTEM_PROMPT not in attempts[1]["body"].decode()
    with pytest.raises(queue.Empty):
        receiver.attempts.get_nowait()


def test_an_unknown_agent_is_refused_before_the_socket_opens(env):
    client, _, bolna = env
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect("/chat/v1/no-such-agent"):
            pass
    assert refused.value.code == 1008 and bolna.managers == []


def test_a_refusal_is_final_while_408_and_429_are_retried(receiver, secret):
    pusher = Pusher(PushSettings(url=receiver.url, secret=secret, timeout_s=5, backoff_s=0.01))
    receiver.answers = [400]
    assert asyncio.run(pusher.deliver("run-0", b"{}")) is False
    assert receiver.next()["status"] == 400 and receiver.attempts.empty()

    receiver.answers = [408, 429]
    assert asyncio.run(pusher.deliver("run-1", b"{}")) is True
    assert [receiver.next()["status"] for _ in range(3)] == [408, 429, 200]

    pusher = Pusher(PushSettings(url=receiver.url, secret=secret, timeout_s=5, backoff_s=0.001, retries=2))
    receiver.answers = [503, 503, 503]
    assert asyncio.run(pusher.deliver("run-2", b"{}")) is False
    assert [receiver.next()["status"] for _ in range(3)] == [503, 503, 503] and receiver.attempts.empty()


def test_signature_matches_the_standard_webhooks_reference_vector():
    from voxdesk_push import secret_key

    key = secret_key("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    body = b'{"test": 2432232314}'
    assert sign(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", body) == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    with pytest.raises(ValueError):
        secret_key("not-a-whsec-secret")


def test_transcript_edges_and_missing_fields_are_omitted():
    output = {
        "messages": [
            {"role": "system", "content": "prompt"},
            {"role": "user", "content": "hello", "asr_turn_id": "turn_3"},
            {"role": "assistant", "content": "One moment.", "tool_calls": [{"function": {"name": "lookup", "arguments": {"q": 1}}}]},
            {"role": "system", "content": "an injected note"},
            {"role": "assistant", "content": ""},
        ],
        "latency_dict": {"user_bot_latencies": [{"sequence_id": 7, "user_start_ms": 1234.5, "agent_start_ms": None, "latency_ms": None}]},
        "progression_data": {"llm_latencies": {"turn_latencies": [{"sequence_id": 7, "asr_turn_id": "turn_3"}]}},
    }
    assert transcript(output) == [
        {"role": "user", "text": "hello", "start_s": 1.234},
        {"role": "assistant", "text": "One moment."},
        {"role": "tool", "text": 'lookup({"q": 1})'},
    ]
    record = build_record("conversation", output, agent_id="a", run_id="r", call_sid=None)
    assert set(record) == {"call_sid", "run_id", "agent_id", "task", "transcript", "end_reason", "latency"}
    assert record["end_reason"] is None and record["latency"] == {"turns": []}
    assert build_record("summarization", {"task_type": "summarization"}, agent_id="a", run_id="r", call_sid="CA1") == {
        "call_sid": "CA1", "run_id": "r", "agent_id": "a", "task": "summarization"}
