"use client";

import * as React from "react";
import { FlaskConical, MessageSquare } from "lucide-react";
import { Field } from "@/components/ui/field";
import { controlClass } from "@/components/ui/input";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useVersion, useVersions } from "@/lib/agents/versions/hooks";
import { cn } from "@/lib/utils";
import { templateVariables } from "@/lib/agents/call-variables";
import type { DeployableAgent } from "../deploy-dialog";
import { ChatTab } from "./chat-tab";
import { TestsTab } from "./tests-tab";

export type TestPanelProps = { agent: DeployableAgent; open: boolean; onClose: () => void };

const TAB_CLASS = "flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden";

/** The versions to try, newest first; "" is the latest (whatever it is when the turn starts). */
function VersionPicker({ agentId, value, onChange }: { agentId: string; value: string; onChange: (v: string) => void }) {
  const versions = useVersions(agentId);
  return (
    <Field label="Version" className="w-full shrink-0 sm:w-56" hint={versions.isError ? "Could not load older versions; the latest is used." : undefined}>
      <select className={cn(controlClass, "h-9")} value={value} onChange={(e) => onChange(e.target.value)} aria-busy={versions.isPending || undefined}>
        <option value="">Latest{versions.data?.[0] ? ` (v${versions.data[0].version})` : ""}</option>
        {versions.data?.slice(1).map((v) => (
          <option key={v.version} value={String(v.version)}>v{v.version}{v.note ? ` · ${v.note}` : ""}</option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Try the agent before it takes a call: chat with a version (its tools called for real), save a
 * conversation as a test case, and run the test cases against a version.
 */
export function TestPanel({ agent, open, onClose }: TestPanelProps) {
  const [picked, setPicked] = React.useState("");
  const [tab, setTab] = React.useState("chat");
  const version = picked === "" ? undefined : Number(picked);
  // The picked version's {variables} (the same finder as the Call dialog); the latest's until it is read.
  const pickedVersion = useVersion(agent.agent_id, version);
  const source = version === undefined ? agent : pickedVersion.data ?? agent;
  const variableNames = React.useMemo(() => templateVariables(source), [source]);
  const toolIds = React.useMemo(
    () => [...new Set(source.agent_config.tasks.flatMap((t) => t.tools_config.api_tools?.api_tool_ids ?? []))], [source]);
  return (
    <Sheet open={open} onOpenChange={(o) => !o && onClose()}>
      <SheetContent data-testid="agent-test-panel" className="max-w-3xl">
        <SheetHeader>
          <SheetTitle>Test {agent.agent_name}</SheetTitle>
          <SheetDescription>Talk to a saved version through the account&apos;s AI provider; its tools are called for real.</SheetDescription>
        </SheetHeader>
        {/* A column: picker and tabs stay at the top, each tab scrolls inside and keeps its controls in view
            (the sheet itself scrolls only when too short for even that). */}
        <SheetBody className="flex min-h-0 flex-col gap-4">
          <VersionPicker agentId={agent.agent_id} value={picked} onChange={setPicked} />
          <Tabs value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
            <TabsList aria-label="Test panel" className="shrink-0 self-start">
              <TabsTrigger value="chat"><MessageSquare aria-hidden="true" />Chat</TabsTrigger>
              <TabsTrigger value="tests"><FlaskConical aria-hidden="true" />Test cases</TabsTrigger>
            </TabsList>
            {/* Both stay mounted: switching tabs keeps the conversation. */}
            <TabsContent value="chat" forceMount className={TAB_CLASS}>
              {open && <ChatTab key={agent.agent_id} agentId={agent.agent_id} version={version} variableNames={variableNames} toolIds={toolIds} />}
            </TabsContent>
            <TabsContent value="tests" className={TAB_CLASS}>
              <TestsTab agentId={agent.agent_id} version={version} variableNames={variableNames} toolIds={toolIds} />
            </TabsContent>
          </Tabs>
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
