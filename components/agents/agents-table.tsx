"use client";

import Link from "next/link";
import { Copy, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { isLinkedAgent, type AgentRecord } from "@/lib/agents/hooks";
import { formatDate, formatDateTimeFull } from "@/lib/format/date-time";
import { focusRing } from "@/lib/utils";
import type { DeleteTarget } from "./delete-agent-dialog";
import { sourceLabel } from "./linked-agent-page";
import { useCan } from "@/lib/people/hooks/use-can";


/** What the list shows of an agent: first task's LLM and voice, like the platform's own console. */
export function agentSummary(agent: AgentRecord) {
  const task = agent.agent_config.tasks[0];
  const llm = task?.tools_config.llm_agent.llm_config;
  const synth = task?.tools_config.synthesizer;
  return {
    direction: agent.agent_config.call_direction,
    llm: llm ? `${llm.provider}/${llm.model}` : "—",
    voice: synth ? [synth.provider, synth.provider_config?.voice].filter(Boolean).join(" · ") : "—",
    tasks: agent.agent_config.tasks.length,
  };
}

export function AgentsTable({ agents, onDelete }: { agents: AgentRecord[]; onDelete: (agent: DeleteTarget) => void }) {
  return (
    <Table aria-label="Agents">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th className="hidden sm:table-cell">Direction</Th>
          <Th className="hidden sm:table-cell">LLM</Th>
          <Th className="hidden lg:table-cell">Voice</Th>
          <Th className="text-right">Tasks</Th>
          <Th className="hidden md:table-cell">Created</Th>
          {/* relative: the sr-only label is absolutely positioned and must stay inside the scrolling wrapper. */}
          <Th className="relative"><span className="sr-only">Actions</span></Th>
        </tr>
      </THead>
      <TBody>
        {agents.map((agent) => {
          const s = agentSummary(agent);
          return (
            <Tr key={agent.agent_id}>
              <Td className="max-w-56 sm:max-w-64">
                <div className="flex min-w-0 items-center gap-1.5">
                  <Link href={`/agents/${agent.agent_id}`} className={`block min-w-0 truncate rounded-sm font-medium text-zinc-900 hover:text-indigo-600 dark:text-zinc-100 dark:hover:text-indigo-400 ${focusRing}`}>
                    {agent.agent_name}
                  </Link>
                  {/* A linked agent: configured in that vendor's dashboard. */}
                  {isLinkedAgent(agent) && <Badge variant="outline" className="shrink-0" title={`Configured in ${sourceLabel(agent.source)}'s dashboard`}>{sourceLabel(agent.source)}</Badge>}
                </div>
                {/* Phones: the hidden columns' essentials under the name. */}
                <div className="mt-0.5 truncate text-xs text-zinc-500 sm:hidden dark:text-zinc-400">
                  {[s.direction, s.llm].filter(Boolean).join(" · ")}
                </div>
              </Td>
              <Td className="hidden sm:table-cell">
                {s.direction ? <Badge variant={s.direction === "inbound" ? "accent" : "default"}>{s.direction}</Badge> : <span className="text-zinc-400">—</span>}
              </Td>
              <Td className="hidden font-mono text-[13px] sm:table-cell">{s.llm}</Td>
              <Td className="hidden text-zinc-600 lg:table-cell dark:text-zinc-400">{s.voice}</Td>
              <Td className="text-right">{s.tasks}</Td>
              <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">
                <time dateTime={agent.created_at} title={formatDateTimeFull(agent.created_at)}>{formatDate(agent.created_at)}</time>
              </Td>
              <Td className="w-10 text-right">
                <RowActions agent={agent} onDelete={onDelete} />
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

function RowActions({ agent, onDelete }: { agent: AgentRecord; onDelete: (agent: DeleteTarget) => void }) {
  const can = useCan("editor");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${agent.agent_name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <Link href={`/agents/${agent.agent_id}`}>
            <Pencil aria-hidden="true" />
            Open
          </Link>
        </DropdownMenuItem>
        {isLinkedAgent(agent) ? null : can.allowed ? (
          <DropdownMenuItem asChild>
            <Link href={`/agents/new?from=${agent.agent_id}`}>
              <Copy aria-hidden="true" />
              Clone
            </Link>
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem disabled>
            <Copy aria-hidden="true" />
            Clone
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive disabled={!can.allowed} onSelect={() => onDelete(agent)}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
