"""Everything this server takes from the `bolna` package, imported on first use.

Bolna pulls in speech, LLM and cloud SDKs; importing it lazily keeps this server importable (and
testable) without it, and the tests hand create_app a stand-in with the same four methods.
"""

import os
from typing import Dict, Optional


class InvalidPayload(Exception):
    """The agent payload failed Bolna's models; `errors` are FastAPI-style (loc starts at body)."""

    def __init__(self, errors):
        super().__init__("invalid agent payload")
        self.errors = errors


class ExtractionModelMissing(Exception):
    pass


class Bolna:
    def __init__(self):
        self._payload_model = None

    def validate_payload(self, body):
        """{agent_config, agent_prompts} through Bolna's AgentModel, as the quickstart does.

        Returns (config to store, prompts): defaults filled in, unknown keys dropped.
        """
        from fastapi.encoders import jsonable_encoder
        from pydantic import ValidationError

        model = self._payload_model or self._build_payload_model()
        try:
            payload = model.model_validate(body)
        except ValidationError as e:
            errors = [{**err, "loc": ["body", *err["loc"]]} for err in e.errors(include_url=False)]
            raise InvalidPayload(jsonable_encoder(errors)) from e
        return payload.agent_config.model_dump(mode="json"), payload.agent_prompts

    def _build_payload_model(self):
        from pydantic import BaseModel
        from bolna.models import AgentModel

        class CreateAgentPayload(BaseModel):
            agent_config: AgentModel
            agent_prompts: Optional[Dict[str, Dict[str, str]]]

        self._payload_model = CreateAgentPayload
        return CreateAgentPayload

    async def store_prompts(self, agent_id, prompts):
        """agent_data/{agent_id}/conversation_details.json, where run(local=True) reads them."""
        from bolna.helpers.utils import store_file

        await store_file(file_key=f"{agent_id}/conversation_details.json", file_data=prompts, local=True)

    async def extraction_json(self, extraction_details):
        """The extraction schema Bolna's own server generates with an LLM when an agent is saved."""
        model = os.getenv("EXTRACTION_PROMPT_GENERATION_MODEL")
        if not model:
            raise ExtractionModelMissing()
        from bolna.llms import LiteLLM
        from bolna.prompts import EXTRACTION_PROMPT_GENERATION_PROMPT

        llm = LiteLLM(model=model, max_tokens=2000)
        return await llm.generate(
            messages=[
                {"role": "system", "content": EXTRACTION_PROMPT_GENERATION_PROMPT},
                {"role": "user", "content": extraction_details or ""},
            ]
        )

    def assistant_manager(self, agent_config, websocket, agent_id):
        from bolna.agent_manager.assistant_manager import AssistantManager

        return AssistantManager(agent_config, websocket, agent_id)
