"use client";

import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY, type Theme } from "@/lib/theme";

// The <html> class is the source of truth (the inline script sets it before hydration), so the
// hook subscribes to that class instead of keeping a second copy in React state.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

function getSnapshot(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** The server can't know the choice; `null` lets callers render a neutral placeholder until hydrated. */
function getServerSnapshot(): Theme | null {
  return null;
}

export function setTheme(theme: Theme): void {
  // Switch in one frame: without this every `transition-colors` element fades on its own clock.
  const freeze = document.createElement("style");
  freeze.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(freeze);
  document.documentElement.classList.toggle("dark", theme === "dark");
  void window.getComputedStyle(document.body).color; // force the restyle before re-enabling
  requestAnimationFrame(() => freeze.remove());
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked (private mode): the choice still applies for this page view.
  }
}

export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
