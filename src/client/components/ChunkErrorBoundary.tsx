import { Button, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { RefreshCw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { ChunkTimeoutError } from "../lib/lazyPage.ts";

interface Props {
  /** a change (the path) clears a shown error */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a page that failed to load or render and offers a reload instead of a blank screen. */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Page failed", error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = error instanceof ChunkTimeoutError;
    return (
      <Center py="24" px="6" data-testid="page-load-error">
        <Stack align="center" gap="4" textAlign="center" maxW="md">
          <Heading as="h1" textStyle="2xl">
            {timedOut ? "This page took too long to load" : "This page could not be shown"}
          </Heading>
          <Text color="fg.muted">
            {timedOut
              ? "Your connection may be slow or interrupted. Reloading usually helps."
              : "Something went wrong while loading the page. Reloading usually helps."}
          </Text>
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden />
            Reload
          </Button>
        </Stack>
      </Center>
    );
  }
}
