"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";
import type { PricingBody, PricingView } from "./schema";

// The Pricing page: GET/PUT /api/pricing. Types come from the API's own schema.

export const pricingKeys = { all: ["pricing"] as const };

export function usePricing() {
  return useQuery({
    queryKey: pricingKeys.all,
    queryFn: ({ signal }) => fetchJson<PricingView>("/api/pricing", { signal }),
  });
}

export function useSavePricing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PricingBody) => fetchJson<PricingView>("/api/pricing", { method: "PUT", body }),
    onSuccess: (saved) => qc.setQueryData(pricingKeys.all, saved),
  });
}
