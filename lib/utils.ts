import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind utilities override earlier ones (`px-2` then `px-4` → `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * One focus style for every interactive primitive, so keyboard users always see where they are.
 * An outline (not a box-shadow ring) survives Windows high-contrast mode. In Tailwind 4
 * `outline-none` also zeroes `--tw-outline-style`, so the focus state must set `outline-solid` again.
 */
export const focusRing =
  "outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400";
