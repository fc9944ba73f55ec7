"use client";

import * as React from "react";

/** The current time, refreshed every `intervalMs`, so "3 min ago" labels keep up while a page is open. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
