import { Box, Link } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { SpotifyAccessBanner } from "./SpotifyAccessBanner.tsx";

/** Header, main content and footer around every page. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Link
        href="#main"
        position="absolute"
        left="4"
        top="-20"
        zIndex="skipLink"
        bg="bg.panel"
        px="4"
        py="2"
        borderRadius="md"
        _focus={{ top: "4" }}
      >
        Skip to content
      </Link>
      <Header />
      <SpotifyAccessBanner />
      <Box as="main" id="main" flex="1" display="flex" flexDirection="column">
        {children}
      </Box>
      <Footer />
    </>
  );
}
