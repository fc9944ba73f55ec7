"""A stand-in for Bolna's local_setup/quickstart_server.py that reports each call to Voxdesk.

Same routes and storage as the quickstart (Redis key = agent id, prompts under agent_data/), plus:
every task output of a call becomes a signed record pushed to VOXDESK_PUSH_URL.

    uvicorn voxdesk_server:app --host 0.0.0.0 --port 5001
"""

import contextlib
import json
import logging
import os
import uuid
from typing import Any, Dict

from fastapi import Body, FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse

from voxdesk_bolna import Bolna, ExtractionModelMissing, InvalidPayload
from voxdesk_push import PushSettings, Pusher
from voxdesk_records import build_record, encode, task_kind

logger = logging.getLogger("voxdesk.server")


def create_app(redis=None, bolna=None, push_settings=None):
    """redis: a redis.asyncio client (decode_responses=True); built from REDIS_URL when None."""
    bolna = bolna or Bolna()
    pusher = Pusher(push_settings or PushSettings.from_env())
    store = _Store(redis)

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        yield
        await pusher.aclose()
        await store.close()

    app = FastAPI(title="Bolna server for Voxdesk")
    # Set on the router rather than passed as FastAPI(lifespan=…): the FastAPI that Debian ships
    # (where the tests run) predates that parameter, and on_shutdown is deprecated.
    app.router.lifespan_context = lifespan
    app.state.pusher = pusher
    # The quickstart allows every origin; kept so browser tools that worked against it still do.
    app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"], allow_headers=["*"])

    @app.exception_handler(InvalidPayload)
    async def invalid_payload(_request, exc):
        return JSONResponse(status_code=422, content={"detail": exc.errors})

    @app.exception_handler(ExtractionModelMissing)
    async def extraction_model_missing(_request, _exc):
        return JSONResponse(status_code=500, content={"detail": "Extraction model not configured"})

    async def prepared(validated, status):
        agent_config, agent_prompts = validated
        for task in agent_config.get("tasks") or []:
            llm_agent = (task.get("tools_config") or {}).get("llm_agent")
            if task.get("task_type") == "extraction" and isinstance(llm_agent, dict):
                details = llm_agent.get("extraction_details") or (llm_agent.get("llm_config") or {}).get("extraction_details")
                # Where the quickstart writes it, so stored agents look the same.
                llm_agent["extraction_json"] = await bolna.extraction_json(details)
        agent_config["assistant_status"] = status
        return agent_config, agent_prompts

    async def save(agent_id, agent_config, agent_prompts):
        await store.set(agent_id, json.dumps(agent_config))
        await bolna.store_prompts(agent_id, agent_prompts)

    @app.post("/agent")
    async def create_agent(body: Dict[str, Any] = Body(...)):
        agent_config, agent_prompts = await prepared(bolna.validate_payload(body), "seeding")
        agent_id = str(uuid.uuid4())
        await save(agent_id, agent_config, agent_prompts)
        return {"agent_id": agent_id, "state": "created"}

    @app.get("/agent/{agent_id}")
    async def get_agent(agent_id: str):
        return _decoded(await store.get(agent_id), agent_id)

    @app.put("/agent/{agent_id}")
    async def edit_agent(agent_id: str, body: Dict[str, Any] = Body(...)):
        validated = bolna.validate_payload(body)  # a bad body is a 422 whether or not the agent exists
        if not await store.exists(agent_id):
            raise HTTPException(status_code=404, detail="Agent not found")
        agent_config, agent_prompts = await prepared(validated, "updated")
        await save(agent_id, agent_config, agent_prompts)
        return {"agent_id": agent_id, "state": "updated"}

    @app.delete("/agent/{agent_id}")
    async def delete_agent(agent_id: str):
        if not await store.exists(agent_id):
            raise HTTPException(status_code=404, detail="Agent not found")
        await store.delete(agent_id)
        return {"agent_id": agent_id, "state": "deleted"}

    @app.get("/all")
    async def all_agents():
        agents = []
        for key in await store.keys():
            try:
                data = json.loads(await store.get(key) or "null")
            except ValueError:
                data = None
            # The quickstart lists every key and fails on the first that is not JSON; other
            # things kept in the same Redis are skipped here instead.
            if isinstance(data, dict):
                agents.append({"agent_id": key, "data": data})
        return {"agents": agents}

    @app.websocket("/chat/v1/{agent_id}")
    async def chat(websocket: WebSocket, agent_id: str):
        # Loaded before the handshake completes, so an unknown agent is refused instead of
        # accepted and dropped.
        try:
            agent_config = json.loads(await store.get(agent_id) or "null")
        except HTTPException:
            await _refuse(websocket, 500, "Internal server error")  # Redis failed; already logged
            return
        except ValueError:
            agent_config = None
        if not isinstance(agent_config, dict):
            await _refuse(websocket, 404, "Agent not found")
            return
        await websocket.accept()
        call_sid, previous, fallback_run_id = None, None, str(uuid.uuid4())
        try:
            manager = bolna.assistant_manager(agent_config, websocket, agent_id)
            async for index, output in manager.run(local=True):
                output = output if isinstance(output, dict) else {}
                run_id = output.get("run_id") or getattr(manager, "run_id", None) or fallback_run_id
                kind = task_kind(index, output, agent_config)
                if index == 0:
                    call_sid = output.get("call_sid")
                if kind is None:
                    logger.warning("run %s task %s: unknown task type, not sent", run_id, index)
                    continue
                record = build_record(kind, output, agent_id=agent_id, run_id=run_id, call_sid=call_sid)
                # One id per record: a retry of it is recognisably the same delivery.
                previous = pusher.push(f"{run_id}-{index}", encode(record), after=previous)
        except WebSocketDisconnect:
            logger.info("agent %s: socket closed", agent_id)
        except Exception:
            logger.exception("agent %s: the run failed", agent_id)

    return app


def _decoded(raw, agent_id):
    if not raw:
        raise HTTPException(status_code=404, detail="Agent not found")
    try:
        return json.loads(raw)
    except ValueError:
        logger.error("key %s does not hold an agent", agent_id)
        raise HTTPException(status_code=500, detail="Internal server error")


async def _refuse(websocket, status, detail):
    # A real HTTP status needs the ASGI denial-response extension (newer Starlette and
    # servers); otherwise closing before accept makes the server answer the handshake 403.
    if "websocket.http.response" in websocket.scope.get("extensions", {}) and hasattr(websocket, "send_denial_response"):
        await websocket.send_denial_response(JSONResponse(status_code=status, content={"detail": detail}))
    else:
        await websocket.close(code=1008 if status < 500 else 1011, reason=detail)


class _Store:
    """Redis, with its failures reported as FastAPI's 500 rather than as a missing agent."""

    def __init__(self, client):
        self._client = client

    def _redis(self):
        if self._client is None:
            import redis.asyncio as redis

            self._client = redis.from_url(os.environ["REDIS_URL"], decode_responses=True)
        return self._client

    async def _call(self, name, *args):
        try:
            return await getattr(self._redis(), name)(*args)
        except Exception:
            logger.exception("redis %s failed", name)
            raise HTTPException(status_code=500, detail="Internal server error")

    async def get(self, key):
        return await self._call("get", key)

    async def set(self, key, value):
        return await self._call("set", key, value)

    async def exists(self, key):
        return bool(await self._call("exists", key))

    async def delete(self, key):
        return await self._call("delete", key)

    async def keys(self):
        try:
            return [key async for key in self._redis().scan_iter(match="*")]
        except Exception:
            logger.exception("redis scan failed")
            raise HTTPException(status_code=500, detail="Internal server error")

    async def close(self):
        if self._client is not None:
            closer = getattr(self._client, "aclose", None) or getattr(self._client, "close", None)
            if closer is not None:
                await closer()


_voxdesk_logger = logging.getLogger("voxdesk")
if not _voxdesk_logger.handlers:
    # uvicorn configures only its own loggers; without this our delivery log would be silent.
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    _voxdesk_logger.addHandler(_handler)
    _voxdesk_logger.setLevel(os.getenv("VOXDESK_LOG_LEVEL", "INFO"))
    _voxdesk_logger.propagate = False  # Bolna may configure the root logger too: no doubled lines

app = create_app()
