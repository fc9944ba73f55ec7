"use client";

import { useSyncExternalStore } from "react";
import { useTheme } from "@/components/shell/use-theme";

const REDUCE = "(prefers-reduced-motion: reduce)";

function subscribeMotion(onChange: () => void) {
  const mq = window.matchMedia(REDUCE);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

/** True when the user (or the e2e browser) asks for less motion: charts then draw without animating. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => window.matchMedia(REDUCE).matches, () => true);
}

export interface ChartColors {
  grid: string;
  axis: string;
  cursor: string;
  accent: string;
  /** Fill of the donut's centre text and other primary text drawn inside the SVG. */
  text: string;
}

const LIGHT: ChartColors = { grid: "#e4e4e7", axis: "#71717a", cursor: "rgba(113,113,122,0.12)", accent: "#4f46e5", text: "#18181b" };
const DARK: ChartColors = { grid: "#27272a", axis: "#a1a1aa", cursor: "rgba(161,161,170,0.14)", accent: "#818cf8", text: "#fafafa" };

/**
 * Recharts draws SVG with plain colour values (no Tailwind classes), so the axis and grid colours
 * follow the theme here; status colours come from status-colors.ts and read on both backgrounds.
 */
export function useChartEnv(): { animate: boolean; colors: ChartColors } {
  const reduced = useReducedMotion();
  const theme = useTheme();
  return { animate: !reduced, colors: theme === "dark" ? DARK : LIGHT };
}
