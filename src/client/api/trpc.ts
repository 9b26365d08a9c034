import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "../../server/trpc/_app.ts";
import { limits } from "../../shared/limits.ts";
import { answeredEarly } from "../lib/early-data.ts";

export const trpc = createTRPCReact<AppRouter>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: "/api/trpc",
        maxItems: limits.trpcMaxBatch,
        // a query the shell's first script already asked for (lib/early-data.ts) is answered from there
        fetch: async (url, options) =>
          ((options?.method ?? "GET") === "GET" ? await answeredEarly(String(url)) : undefined) ??
          fetch(url, { ...options, credentials: "same-origin" }),
      }),
    ],
  });
}
