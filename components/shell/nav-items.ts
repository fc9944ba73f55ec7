import { Bell, BookOpen, Bot, CircleDollarSign, Contact, KeyRound, LayoutDashboard, Megaphone, PhoneCall, PhoneOff, ScrollText, Server, Sparkles, Users, Webhook, Wrench, type LucideIcon } from "lucide-react";
import type { Role } from "@/lib/people/roles";

/** `minRole`: shown only to that role and above (the pages' API answers 403 below it anyway). */
export type NavItem = { href: string; label: string; icon: LucideIcon; minRole?: Role };

export const navItems: readonly NavItem[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard },
  { href: "/calls", label: "Calls", icon: PhoneCall },
  { href: "/agents", label: "Agents", icon: Bot },
  { href: "/tools", label: "Tools", icon: Wrench },
  { href: "/engines", label: "Engines", icon: Server, minRole: "editor" },
  { href: "/contacts", label: "Contacts", icon: Contact },
  { href: "/campaigns", label: "Campaigns", icon: Megaphone },
  { href: "/alerts", label: "Alerts", icon: Bell },
  { href: "/do-not-call", label: "Do not call", icon: PhoneOff, minRole: "admin" },
  { href: "/settings/pricing", label: "Pricing", icon: CircleDollarSign },
  { href: "/settings/members", label: "Members", icon: Users, minRole: "admin" },
  { href: "/settings/api-keys", label: "API keys", icon: KeyRound, minRole: "admin" },
  { href: "/settings/ai-providers", label: "AI providers", icon: Sparkles, minRole: "admin" },
  { href: "/settings/webhooks", label: "Webhooks", icon: Webhook, minRole: "admin" },
  { href: "/settings/audit", label: "Audit log", icon: ScrollText, minRole: "admin" },
  { href: "/docs", label: "API docs", icon: BookOpen },
];

/** "/" matches only itself; other items also own their sub-pages (/agents/new, /agents/123). */
export function isActive(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
