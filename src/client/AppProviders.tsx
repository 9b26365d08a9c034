import { ChakraProvider } from "@chakra-ui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { App } from "./App.tsx";
import { createTrpcClient, trpc } from "./api/trpc.ts";
import { system } from "./theme.ts";

/**
 * The app with what it runs in: tRPC, TanStack Query and Chakra. The browser (boot.tsx) and the server's renderer
 * (prerender/) both render this, so a page rendered on the server is the tree the browser hydrates.
 */
export function AppProviders({ queryClient }: { queryClient: QueryClient }) {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ChakraProvider value={system}>
            <App />
          </ChakraProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
