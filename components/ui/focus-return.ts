"use client";

import * as React from "react";

// Focus goes back to the control that opened a dialog when it closes (WCAG 2.4.3), for every
// dialog and sheet built on components/ui/dialog.tsx. Radix already does this when a Trigger
// opens the dialog and is still on the page; it loses focus (to <body>) when the dialog was opened
// from a menu item (gone by then), from state (a table row, a URL) or when the opener re-rendered
// into a new node. So we remember the opener ourselves, with a way to find it again.

/** The last element focused outside any dialog or menu: the opener when focus was elsewhere at open time. */
let lastOutside: HTMLElement | null = null;
let tracking = false;

const TRANSIENT = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Start remembering the last control focused outside dialogs and menus. Called once by the app's
 * Providers at start-up: dialogs loaded on first use (next/dynamic) mount only after their opener
 * was focused, so tracking from the dialog itself would start too late to see the opener.
 */
export function trackFocusOutsideDialogs() {
  track();
}

function track() {
  if (tracking || typeof document === "undefined") return;
  tracking = true;
  document.addEventListener("focusin", (e) => {
    const el = e.target as HTMLElement | null;
    if (el && el !== document.body && !el.closest(TRANSIENT)) lastOutside = el;
  }, true);
}

/** A menu item's opener is the menu's trigger (Radix labels the menu by its trigger's id). */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return lastOutside;
  const menu = active.closest('[role="menu"]');
  if (menu) {
    const trigger = document.getElementById(menu.getAttribute("aria-labelledby") ?? "");
    return trigger ?? lastOutside;
  }
  // Focus already inside another dialog (nested dialogs): that element is the opener.
  return active;
}

/** A selector that finds the same control again if React replaced its node meanwhile. */
function selectorFor(el: HTMLElement): string | null {
  if (el.id) return `#${CSS.escape(el.id)}`;
  const attrs = [...el.attributes]
    .filter((a) => (a.name.startsWith("data-") && a.name !== "data-state") || ["aria-label", "name", "href"].includes(a.name))
    .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`);
  return attrs.length ? `${el.tagName.toLowerCase()}${attrs.join("")}` : null;
}

function focusable(el: HTMLElement | null): el is HTMLElement {
  return !!el && el.isConnected && !el.closest("[inert]") && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0;
}

type AutoFocusHandler = (event: Event) => void;

/**
 * Handlers for Radix Dialog.Content's onOpenAutoFocus / onCloseAutoFocus. A caller's own handler
 * runs first; if it calls preventDefault on close, it has placed focus itself.
 */
export function useFocusReturn(onOpen?: AutoFocusHandler, onClose?: AutoFocusHandler) {
  const opener = React.useRef<{ el: HTMLElement | null; selector: string | null }>({ el: null, selector: null });
  track();
  const onOpenAutoFocus = React.useCallback((event: Event) => {
    const el = openerOf(document.activeElement);
    opener.current = { el, selector: el ? selectorFor(el) : null };
    onOpen?.(event);
  }, [onOpen]);
  const onCloseAutoFocus = React.useCallback((event: Event) => {
    onClose?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    // Radix calls onOpenAutoFocus only when focus is not already inside: a field with autoFocus
    // (focused by React first) skips it. Focus then stayed inside the dialog the whole time, so the
    // last control focused outside is still the opener.
    const { el, selector } = opener.current.el ? opener.current : { el: lastOutside, selector: lastOutside ? selectorFor(lastOutside) : null };
    opener.current = { el: null, selector: null };
    const again = !focusable(el) && selector ? document.querySelector<HTMLElement>(selector) : null;
    // Last resort: the page's main region (tabindex -1), so the next Tab continues in the content
    // rather than at "Skip to content".
    const target = focusable(el) ? el : focusable(again) ? again : document.getElementById("main");
    target?.focus({ preventScroll: true });
  }, [onClose]);
  return { onOpenAutoFocus, onCloseAutoFocus };
}
