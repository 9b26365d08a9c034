import { Center, Spinner } from "@chakra-ui/react";

/** Shown inside the frame while a page's script chunk loads. */
export function PageSpinner() {
  return (
    <Center flex="1" py="32" role="status" aria-busy="true" aria-label="Loading page">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}
