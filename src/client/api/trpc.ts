import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "../../server/trpc/_app.ts";
import { limits } from "../../shared/limits.ts";
import { expensiveProcedures } from "../../shared/work-limits.ts";
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
  const batched = (maxItems: number) =>
    httpBatchLink({
      url: "/api/trpc",
      maxItems,
      // a query the shell's first script already asked for (lib/early-data.ts) is answered from there
      fetch: async (url, options) =>
        ((options?.method ?? "GET") === "GET" ? await answeredEarly(String(url)) : undefined) ??
        fetch(url, { ...options, credentials: "same-origin" }),
    });
  return trpc.createClient({
    links: [
      // the server answers one expensive call per request (code 67 for the others): each goes alone
      splitLink({
        condition: (op) => expensiveProcedures.includes(op.path),
        true: batched(1),
        false: batched(limits.trpcMaxBatch),
      }),
    ],
  });
}
