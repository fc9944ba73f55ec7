"use client";

import * as React from "react";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Toaster } from "sonner";
import { useTheme } from "@/components/shell/use-theme";
import { trackFocusOutsideDialogs } from "@/components/ui/focus-return";
import { ApiError } from "@/lib/http/fetch-json";

/** A 4xx won't turn into a 2xx by asking again; anything else (5xx, network) gets one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // An expired session shows up as a 401 on some read; send the operator to sign in again.
        // Only reads: the sign-in form itself gets 401s for a wrong token and must show them.
        if (error instanceof ApiError && error.status === 401 && window.location.pathname !== "/login") {
          // A full load (not router.push) so nothing of the old session stays in memory.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.href = "/login";
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  // One client per browser tab, created lazily so a re-render never drops the cache.
  const [queryClient] = React.useState(makeQueryClient);
  const theme = useTheme();
  React.useEffect(trackFocusOutsideDialogs, []);
  return (
    <QueryClientProvider client={queryClient}>
      <NuqsAdapter>{children}</NuqsAdapter>
      <Toaster theme={theme ?? "light"} position="bottom-right" closeButton richColors />
    </QueryClientProvider>
  );
}
