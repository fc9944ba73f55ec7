/**
 * Theme choice shared by the no-flash script (runs before paint, from the root layout) and the
 * toggle (client). Light/dark is the `.dark` class on <html>; the stored choice wins over the OS.
 */
export const THEME_STORAGE_KEY = "voxdesk-theme";

export type Theme = "light" | "dark";

/** Inline, synchronous, dependency-free: it runs in <head> before React or CSS-in-JS exists. */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var d=t==="dark"||(t!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;
