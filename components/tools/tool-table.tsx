"use client";

import { KeyRound, MoreHorizontal, Pencil, Play, Trash2 } from "lucide-react";
import { MethodBadge } from "@/components/docs/method-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDateTimeFull } from "@/lib/format/date-time";
import { formatRelativeTime } from "@/lib/format/relative-time";
import { useSetToolActive } from "@/lib/tools/hooks-mutations";
import type { ToolRecord } from "@/lib/tools/hooks";
import { useNow } from "@/lib/format/use-now";
import { TestStatusBadge } from "./test-status-badge";
import { useCan } from "@/lib/people/hooks/use-can";

export type ToolAction = "test" | "edit" | "delete";

/**
 * "api.example.com" and "/v1/bookings": the path too, since two tools on one server differ only
 * there. The query string stays in the full URL (the title), as it may carry a key.
 */
export function urlParts(url: string): { host: string; path: string } {
  try {
    const u = new URL(url);
    return { host: u.host, path: u.pathname === "/" ? "" : u.pathname };
  } catch {
    return { host: url, path: "" };
  }
}

function Endpoint({ tool }: { tool: ToolRecord }) {
  const { host, path } = urlParts(tool.url);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <MethodBadge method={tool.method.toLowerCase()} className="w-14" />
      <span className="max-w-[20rem] font-mono text-[13px] break-all text-zinc-700 dark:text-zinc-300" title={tool.url} data-testid="tool-endpoint">
        {host}
        <span className="text-zinc-500 dark:text-zinc-400">{path}</span>
      </span>
      {tool.api_token_hint && (
        <span className="inline-flex items-center gap-1 font-mono text-xs text-zinc-500 dark:text-zinc-400" title="Bearer token (last characters)">
          <KeyRound aria-hidden="true" className="size-3" />
          <span className="sr-only">Token</span>
          {tool.api_token_hint}
        </span>
      )}
    </div>
  );
}

function LastTest({ tool, now }: { tool: ToolRecord; now: number }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <TestStatusBadge status={tool.testStatus} />
      {tool.lastTested && (
        <time dateTime={tool.lastTested} title={formatDateTimeFull(tool.lastTested)} className="text-xs text-zinc-500 dark:text-zinc-400">
          {formatRelativeTime(tool.lastTested, now)}
        </time>
      )}
    </div>
  );
}

function RowActions({ tool, onAction }: { tool: ToolRecord; onAction: (action: ToolAction, tool: ToolRecord) => void }) {
  const can = useCan("editor");
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="outline"
        size="sm"
        className="hidden sm:inline-flex"
        onClick={() => onAction("test", tool)}
        disabled={!tool.isActive || !can.allowed}
        title={!can.allowed ? can.reason : tool.isActive ? undefined : "Activate the tool to test it"}
        aria-label={`Test ${tool.name}`}
      >
        <Play aria-hidden="true" />
        Test
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`More actions for ${tool.name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem disabled={!tool.isActive || !can.allowed} onSelect={() => onAction("test", tool)}>
            <Play aria-hidden="true" /> Test
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!can.allowed} onSelect={() => onAction("edit", tool)}>
            <Pencil aria-hidden="true" /> Edit
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive disabled={!can.allowed} onSelect={() => onAction("delete", tool)}>
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** The registry as a table; below md the endpoint and last test fold into the name cell. */
export function ToolTable({ tools, onAction }: { tools: ToolRecord[]; onAction: (action: ToolAction, tool: ToolRecord) => void }) {
  const now = useNow();
  const setActive = useSetToolActive();
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent dark:hover:bg-transparent">
          <Th>Name</Th>
          <Th className="hidden md:table-cell">Endpoint</Th>
          <Th className="hidden xl:table-cell">Category · tags</Th>
          <Th className="hidden md:table-cell">Last test</Th>
          <Th className="w-16">Active</Th>
          <Th className="w-12 sm:w-32">
            <span className="sr-only">Actions</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {tools.map((tool) => (
          <Tr key={tool.id} data-tool-name={tool.name}>
            <Td className="whitespace-normal">
              <div className="max-w-[13rem] min-w-0 sm:max-w-xs">
                <div className="truncate font-medium text-zinc-900 dark:text-zinc-100">{tool.name}</div>
                <div className="truncate text-xs text-zinc-500 dark:text-zinc-400" title={tool.description}>
                  {tool.description}
                </div>
                <div className="mt-1.5 flex flex-col gap-1.5 md:hidden">
                  <Endpoint tool={tool} />
                  <LastTest tool={tool} now={now} />
                </div>
              </div>
            </Td>
            <Td className="hidden md:table-cell">
              <Endpoint tool={tool} />
            </Td>
            <Td className="hidden whitespace-normal xl:table-cell">
              <div className="flex max-w-[14rem] flex-wrap gap-1">
                <Badge variant="accent">{tool.category}</Badge>
                {tool.tags.map((t) => (
                  <Badge key={t} variant="outline">
                    {t}
                  </Badge>
                ))}
              </div>
            </Td>
            <Td className="hidden md:table-cell">
              <LastTest tool={tool} now={now} />
            </Td>
            <Td>
              <Switch
                checked={tool.isActive}
                aria-label={`Active: ${tool.name}`}
                onCheckedChange={(isActive) => setActive.mutate({ tool, isActive })}
              />
            </Td>
            <Td className="px-2">
              <RowActions tool={tool} onAction={onAction} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
