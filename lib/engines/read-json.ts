// Reading a vendor's JSON without trusting its shape (Vapi's and Retell's objects, as their adapters
// take them): a value of the wrong type reads as absent, never as an error. Pure.

export type Json = Record<string, unknown>;

export const objOrNull = (v: unknown): Json | null => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : null);
/** An object, or {} for anything else. */
export const obj = (v: unknown): Json => objOrNull(v) ?? {};
/** A string, or "" for anything else. */
export const text = (v: unknown): string => (typeof v === "string" ? v : "");
/** A finite number, or undefined. */
export const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
