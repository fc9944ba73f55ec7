import { formatDuration, formatPercent, formatUsdPrecise } from "@/lib/calls/format";

// Pure words and choices of the versions UI (header summary, figures, compare selection), kept out
// of the components so they are unit-tested without a browser.

export interface DeployedVersion { engine_id: string; engine_name: string; version?: number | null }

/**
 * "v5 live on Bolna" per engine, or "not deployed". A deploy from before versions existed and changed
 * since has no known version: it reads "an older version".
 */
export function liveParts(deployments: DeployedVersion[]): string[] {
  if (deployments.length === 0) return ["not deployed"];
  return deployments.map((d) => `${d.version == null ? "an older version" : `v${d.version}`} live on ${d.engine_name}`);
}

/** The header's one line: "v7 · v5 live on Bolna · v7 live on Staging". */
export function versionLine(version: number | undefined, deployments: DeployedVersion[]): string {
  return [version === undefined ? null : `v${version}`, ...liveParts(deployments)].filter(Boolean).join(" · ");
}

/**
 * What a restore of version v is compared with before it is confirmed: what an engine runs (the
 * first whose version is known), else the latest saved version. null: nothing to compare (v is it).
 */
export function rollbackBase(v: number, deployments: DeployedVersion[], latest: number | undefined): { from: number; label: string } | null {
  const live = deployments.find((d) => d.version != null);
  if (live) return live.version === v ? null : { from: live.version!, label: `what ${live.engine_name} runs (v${live.version})` };
  return latest === undefined || latest === v ? null : { from: latest, label: `the latest version (v${latest})` };
}

/** Engines running exactly version v (the History panel's "Live on"). */
export function enginesRunning(v: number, deployments: DeployedVersion[]): string[] {
  return deployments.filter((d) => d.version === v).map((d) => d.engine_name);
}

export const NOT_MEASURED = "—";

export interface Figures { calls: number | null; success_rate: number | null; average_duration: number | null; cost_per_call: number | null }

/** Each figure in words; null (not measured yet) is a dash, never a 0 that would read as "no calls". */
export function figureTexts(f: Figures) {
  const or = <T,>(v: T | null, fmt: (v: T) => string) => (v === null ? NOT_MEASURED : fmt(v));
  return {
    calls: or(f.calls, (n) => n.toLocaleString("en-US")),
    success_rate: or(f.success_rate, formatPercent),
    average_duration: or(f.average_duration, (s) => formatDuration(Math.round(s))),
    cost_per_call: or(f.cost_per_call, formatUsdPrecise),
  };
}

/**
 * Compare selection: at most two versions; choosing a third lets go of the one chosen first, so
 * clicking on never dead-ends in a disabled checkbox.
 */
export function toggleCompare(selected: number[], v: number): number[] {
  if (selected.includes(v)) return selected.filter((s) => s !== v);
  return [...selected, v].slice(-2);
}

/** The diff always runs older → newer, whichever was ticked first. */
export function comparePair(selected: number[]): { from: number; to: number } | null {
  if (selected.length !== 2) return null;
  const [a, b] = selected;
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

/** A diff value as text: strings as they are, anything else as indented JSON; absent as a dash. */
export function valueText(v: unknown): string {
  if (v === undefined) return NOT_MEASURED;
  return typeof v === "string" ? v : JSON.stringify(v, null, 2);
}
