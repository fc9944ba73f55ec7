"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContactList, ContactRecord } from "@/lib/contacts/schema";
import { fetchJson } from "@/lib/http/fetch-json";

export type { ContactList, ContactRecord };

export interface ListsPage { lists: ContactList[]; next_cursor: string | null; has_more: boolean }
export interface ListPage extends ContactList { contacts: ContactRecord[]; next_cursor: string | null; has_more: boolean }

export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "lists"] as const,
  list: (listId: string) => [...contactKeys.all, "list", listId] as const,
  contacts: (listId: string, q: string) => [...contactKeys.list(listId), { q }] as const,
};

const PAGE = 50;

function withCursor(base: string, cursor: string | null) {
  return cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
}

/** The account's lists, newest first, a page at a time. */
export function useContactLists() {
  return useInfiniteQuery({
    queryKey: contactKeys.lists(),
    queryFn: ({ pageParam, signal }) => fetchJson<ListsPage>(withCursor(`/api/contacts?limit=${PAGE}`, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** One list and its contacts (newest first), filtered by `q`; every page repeats the list's own fields. */
export function useContactList(listId: string, q: string) {
  return useInfiniteQuery({
    queryKey: contactKeys.contacts(listId, q),
    queryFn: ({ pageParam, signal }) => {
      const base = `/api/contacts/${encodeURIComponent(listId)}?limit=${PAGE}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
      return fetchJson<ListPage>(withCursor(base, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search runs, keep showing the previous rows instead of a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useCreateList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; default_country: string | null }) =>
      fetchJson<ContactList>("/api/contacts", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}

export function useRenameList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, name }: { listId: string; name: string }) =>
      fetchJson<ContactList>(`/api/contacts/${encodeURIComponent(listId)}`, { method: "PATCH", body: { name } }),
    onSuccess: (_, { listId }) =>
      Promise.all([qc.invalidateQueries({ queryKey: contactKeys.lists() }), qc.invalidateQueries({ queryKey: contactKeys.list(listId) })]),
  });
}

export function useDeleteList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => fetchJson(`/api/contacts/${encodeURIComponent(listId)}`, { method: "DELETE" }),
    onSuccess: (_, listId) => {
      qc.removeQueries({ queryKey: contactKeys.list(listId) });
      return qc.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}

export function useDeleteContact(listId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) =>
      fetchJson(`/api/contacts/${encodeURIComponent(listId)}/contacts/${encodeURIComponent(contactId)}`, { method: "DELETE" }),
    onSuccess: () => invalidateListContents(qc, listId),
  });
}

/** After contacts were added or removed: the list's pages and the lists' counts are stale. */
export function invalidateListContents(qc: ReturnType<typeof useQueryClient>, listId: string) {
  return Promise.all([qc.invalidateQueries({ queryKey: contactKeys.list(listId) }), qc.invalidateQueries({ queryKey: contactKeys.lists() })]);
}
