import { Container, type ContainerProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PageHeading, type PageHeadingProps } from "./PageHeading.tsx";

const widths = { narrow: "2xl", normal: "5xl", wide: "7xl" } as const;

export interface LayoutProps extends Omit<ContainerProps, "title"> {
  /** when given, the page's h1 (with optional eyebrow and subtitle) */
  heading?: PageHeadingProps;
  width?: keyof typeof widths;
  children: ReactNode;
}

/**
 * The content area of a page, inside the app frame (header and footer come from the shell). Every page uses it
 * so spacing and widths are the same everywhere.
 */
export function Layout({ heading, width = "normal", children, ...props }: LayoutProps) {
  return (
    <Container maxW={widths[width]} px={{ base: "5", md: "8" }} py={{ base: "10", md: "16" }} {...props}>
      {heading ? <PageHeading {...heading} /> : null}
      {children}
    </Container>
  );
}
