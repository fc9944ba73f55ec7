"""Signed delivery of records to Voxdesk's push endpoint (Standard Webhooks v1).

Written from the scheme itself (standardwebhooks.com): the `standardwebhooks` package is not a
dependency of Bolna's image, and the scheme is a few lines of the standard library.
"""

import asyncio
import base64
import binascii
import hashlib
import hmac
import logging
import os
import time
from dataclasses import dataclass

import httpx

logger = logging.getLogger("voxdesk.push")


def secret_key(secret):
    """The HMAC key: the base64 part of a `whsec_…` secret, decoded."""
    if not secret or not secret.startswith("whsec_"):
        raise ValueError("VOXDESK_PUSH_SECRET must be the whsec_… secret Voxdesk showed for this engine")
    try:
        key = base64.b64decode(secret[len("whsec_"):], validate=True)
    except binascii.Error as e:
        raise ValueError("VOXDESK_PUSH_SECRET is not valid base64 after whsec_") from e
    if not key:
        raise ValueError("VOXDESK_PUSH_SECRET is empty after whsec_")
    return key


def sign(key, msg_id, timestamp, body):
    """`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`."""
    signed = f"{msg_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def signature_headers(key, msg_id, body, now=None):
    timestamp = str(int(time.time() if now is None else now))
    return {
        "content-type": "application/json",
        "webhook-id": msg_id,
        "webhook-timestamp": timestamp,
        "webhook-signature": sign(key, msg_id, timestamp, body),
    }


@dataclass
class PushSettings:
    url: str | None
    secret: str | None
    timeout_s: float = 15.0
    # First retry after backoff_s, doubling each time: 1 + 2 + … + 128 s ≈ 4¼ min of waiting,
    # plus the request timeouts, so a record is given up on about five minutes after the call.
    backoff_s: float = 1.0
    retries: int = 8

    @classmethod
    def from_env(cls, env=None):
        env = os.environ if env is None else env
        return cls(
            url=env.get("VOXDESK_PUSH_URL") or None,
            secret=env.get("VOXDESK_PUSH_SECRET") or None,
            timeout_s=float(env.get("VOXDESK_PUSH_TIMEOUT_S") or 15),
            backoff_s=float(env.get("VOXDESK_PUSH_BACKOFF_S") or 1),
        )


class Pusher:
    def __init__(self, settings):
        self.settings = settings
        # Checked at start-up so a wrong secret fails loudly, not once per call.
        self.key = secret_key(settings.secret) if settings.url else None
        if not settings.url:
            logger.warning("VOXDESK_PUSH_URL is not set: task outputs are logged, not sent to Voxdesk")
        self._pending = set()

    def push(self, msg_id, body, after=None):
        """Deliver in the background; returns the task (True once delivered).

        `after`: the task of the run's previous record. Waiting for it keeps a call's records in
        order at Voxdesk (the conversation before its summary) even when the first needed retries.
        """
        task = asyncio.get_running_loop().create_task(self._push_after(msg_id, body, after))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        return task

    async def _push_after(self, msg_id, body, after):
        if after is not None:
            await asyncio.wait([after])
        return await self.deliver(msg_id, body)

    async def deliver(self, msg_id, body):
        """Attempts until a 2xx, a final 4xx or the last retry; True when delivered."""
        s = self.settings
        if not s.url:
            logger.info("record %s (not sent): %s", msg_id, body.decode(errors="replace"))
            return False
        async with httpx.AsyncClient(timeout=s.timeout_s) as client:
            for attempt in range(s.retries + 1):
                delay = s.backoff_s * 2**attempt
                try:
                    response = await client.post(s.url, content=body, headers=signature_headers(self.key, msg_id, body))
                except httpx.HTTPError as e:
                    logger.warning("record %s attempt %d: %s", msg_id, attempt + 1, e)
                else:
                    code = response.status_code
                    if 200 <= code < 300:
                        logger.info("record %s delivered (attempt %d)", msg_id, attempt + 1)
                        return True
                    if 400 <= code < 500 and code not in (408, 429):
                        # The endpoint refused this record (bad signature, unknown engine, …):
                        # sending it again would be refused again.
                        logger.error("record %s refused with %d: %s", msg_id, code, response.text[:500])
                        return False
                    logger.warning("record %s attempt %d: HTTP %d", msg_id, attempt + 1, code)
                    delay = max(delay, _retry_after(response, cap=s.backoff_s * 2**s.retries))
                if attempt < s.retries:
                    await asyncio.sleep(delay)
        logger.error("record %s given up after %d attempts", msg_id, s.retries + 1)
        return False

    async def aclose(self, grace_s=10.0):
        """On shutdown: let deliveries in flight finish briefly, then drop them (logged)."""
        pending = list(self._pending)
        if not pending:
            return
        _, still = await asyncio.wait(pending, timeout=grace_s)
        for task in still:
            task.cancel()
        if still:
            logger.error("shutting down with %d record deliveries unfinished", len(still))


def _retry_after(response, cap):
    try:
        return min(float(response.headers.get("retry-after", "0")), cap)
    except ValueError:
        return 0.0  # an HTTP date: the backoff already spaces attempts out
