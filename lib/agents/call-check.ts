import "server-only";
import type { AgentDeployment } from "@/lib/engines/agent-deployment";
import type { CallRequest } from "@/lib/engines/place-call";
import type { FieldError } from "@/lib/http/errors";
import { versionContent } from "@/lib/agents/versions/service";
import { blankVariables, templateVariables } from "./call-variables";

type Deployed = AgentDeployment & { deployment: NonNullable<AgentDeployment["deployment"]> };

/**
 * A test call fills the `{variables}` of the version the engine will run, not of the latest saved
 * one: with v4 deployed and v6 saved, v4's welcome is what the callee hears. A variable missing or
 * blank is refused (422, one error per `template_variables.<name>`, beside any bad number) unless the
 * caller says `allow_blank_variables: true`. placeCall runs this once it found the deployment.
 */
export async function blankCallVariables(accountId: string, resolved: Deployed, req: CallRequest): Promise<FieldError[]> {
  if (req.allow_blank_variables) return [];
  const dep = resolved.deployment;
  // A deploy from before versions were kept runs the agent as it was saved then: its current content.
  const running = dep.version === null ? resolved.agent : await versionContent(accountId, resolved.agent, dep.version);
  const blank = blankVariables(templateVariables(running), req.template_variables);
  const which = dep.version ? `v${dep.version}, the version the engine runs,` : "the version the engine runs";
  return blank.map((v) => ({
    path: `template_variables.${v}`,
    message: `{${v}} is used by ${which} and is blank: fill it in, or send allow_blank_variables: true to call anyway`,
  }));
}
