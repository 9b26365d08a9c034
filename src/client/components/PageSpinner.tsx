import { Center, Spinner } from "@chakra-ui/react";

/** Shown inside the frame while a page's script chunk loads. */
export function PageSpinner() {
  return (
    // at least a screen high, so the footer below does not move in the viewport when the page arrives
    <Center flex="1" minH="100dvh" py="32" role="status" aria-busy="true" aria-label="Loading page">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}
