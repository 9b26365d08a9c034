import { Center, Spinner, Stack } from "@chakra-ui/react";
import { LogoMark } from "./Logo.tsx";

/** Shown until the login state and membership level are known (spec §2). */
export function FullScreenPlaceholder() {
  return (
    <Center minH="100dvh" data-testid="app-placeholder" role="status" aria-busy="true" aria-label="Loading">
      <Stack align="center" gap="5">
        <LogoMark size={44} />
        <Spinner size="sm" color="fg.subtle" />
      </Stack>
    </Center>
  );
}
