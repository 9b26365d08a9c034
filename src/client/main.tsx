// The UI font is not imported here: the server serves its files and puts its rules in the page (static/fonts.ts).
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition, useState } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPageFor } from "./App.tsx";
import { createQueryClient, createTrpcClient, trpc } from "./api/trpc.ts";
import { rememberExternalReferrer } from "./lib/referrer.ts";
import { system } from "./theme.ts";

function Root() {
  const [queryClient] = useState(createQueryClient);
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

rememberExternalReferrer();
preloadPageFor(window.location.pathname);
const container = document.getElementById("root");
// A transition lets React render the first page in slices, yielding to the browser between them, instead of
// one long task that keeps a phone from responding.
if (container) {
  const root = createRoot(container);
  startTransition(() => root.render(<Root />));
}
