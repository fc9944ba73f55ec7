import { BookOpen, Bot, Contact, KeyRound, LayoutDashboard, PhoneCall, PhoneOff, ScrollText, Server, Users, Wrench, type LucideIcon } from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };

export const navItems: readonly NavItem[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard },
  { href: "/calls", label: "Calls", icon: PhoneCall },
  { href: "/agents", label: "Agents", icon: Bot },
  { href: "/tools", label: "Tools", icon: Wrench },
  { href: "/engines", label: "Engines", icon: Server },
  { href: "/contacts", label: "Contacts", icon: Contact },
  { href: "/do-not-call", label: "Do not call", icon: PhoneOff },
  { href: "/settings/members", label: "Members", icon: Users },
  { href: "/settings/api-keys", label: "API keys", icon: KeyRound },
  { href: "/settings/audit", label: "Audit log", icon: ScrollText },
  { href: "/docs", label: "API docs", icon: BookOpen },
];

/** "/" matches only itself; other items also own their sub-pages (/agents/new, /agents/123). */
export function isActive(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
