-- Agents whose configuration lives in a vendor's dashboard (Vapi assistants, Retell agents): Voxdesk
-- links each one its calls name, so those calls carry an agent like every other call. `source` is
-- the vendor's provider for such an agent, NULL for an agent built in Voxdesk. The link itself is
-- the agent's deployment on the engine (agent_deployments: engine_id, remote_agent_id).
ALTER TABLE agents ADD COLUMN source TEXT;
