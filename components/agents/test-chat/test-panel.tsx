"use client";

import * as React from "react";
import { FlaskConical, MessageSquare } from "lucide-react";
import { Field } from "@/components/ui/field";
import { controlClass } from "@/components/ui/input";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useVersions } from "@/lib/agents/versions/hooks";
import { cn } from "@/lib/utils";
import { templateVariables } from "../call-variables";
import type { DeployableAgent } from "../deploy-dialog";
import { ChatTab } from "./chat-tab";
import { TestsTab } from "./tests-tab";

export type TestPanelProps = { agent: DeployableAgent; open: boolean; onClose: () => void };

/** The versions to try, newest first; "" is the latest (whatever it is when the turn starts). */
function VersionPicker({ agentId, value, onChange }: { agentId: string; value: string; onChange: (v: string) => void }) {
  const versions = useVersions(agentId);
  return (
    <Field label="Version" className="w-full sm:w-56" hint={versions.isError ? "Could not load older versions; the latest is used." : undefined}>
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
  // The saved agent's {variables} (latest version): what the Call dialog asks for too.
  const variableNames = React.useMemo(() => templateVariables(agent), [agent]);
  return (
    <Sheet open={open} onOpenChange={(o) => !o && onClose()}>
      <SheetContent data-testid="agent-test-panel" className="max-w-3xl">
        <SheetHeader>
          <SheetTitle>Test {agent.agent_name}</SheetTitle>
          <SheetDescription>Talk to a saved version through the account&apos;s AI provider; its tools are called for real.</SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-4">
          <VersionPicker agentId={agent.agent_id} value={picked} onChange={setPicked} />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Test panel">
              <TabsTrigger value="chat"><MessageSquare aria-hidden="true" />Chat</TabsTrigger>
              <TabsTrigger value="tests"><FlaskConical aria-hidden="true" />Test cases</TabsTrigger>
            </TabsList>
            {/* Both stay mounted: switching tabs keeps the conversation. */}
            <TabsContent value="chat" forceMount className="data-[state=inactive]:hidden">
              {open && <ChatTab key={agent.agent_id} agentId={agent.agent_id} version={version} variableNames={variableNames} />}
            </TabsContent>
            <TabsContent value="tests" className="data-[state=inactive]:hidden">
              <TestsTab agentId={agent.agent_id} version={version} />
            </TabsContent>
          </Tabs>
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
