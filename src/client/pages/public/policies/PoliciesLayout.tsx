import { Grid, Link, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useLocation, Link as WouterLink } from "wouter";
import { Layout } from "../../../components/Layout.tsx";
import { Overline } from "../../../components/Overline.tsx";
import { policyPages } from "./policyPages.ts";

/** The policies area: a list of the five documents beside the open one. */
export function PoliciesLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Layout width="wide">
      <Grid
        templateColumns={{ base: "1fr", lg: "240px minmax(0, 760px)" }}
        gap={{ base: "8", lg: "16" }}
        alignItems="start"
      >
        <Stack as="nav" aria-label="Policies" gap="1" position={{ lg: "sticky" }} top={{ lg: "24" }}>
          <Overline px="3" mb="2">
            <WouterLink href="/policies">Policies</WouterLink>
          </Overline>
          <Stack direction={{ base: "row", lg: "column" }} gap="1" flexWrap="wrap">
            {policyPages.map((page) => {
              const href = `/policies/${page.slug}`;
              const selected = location === href;
              return (
                <Link
                  key={page.slug}
                  asChild
                  px="3"
                  py="2"
                  borderRadius="md"
                  textStyle="sm"
                  fontWeight="medium"
                  color={selected ? "fg" : "fg.muted"}
                  bg={selected ? "bg.emphasized" : undefined}
                  _hover={{ bg: "bg.muted", color: "fg", textDecoration: "none" }}
                  aria-current={selected ? "page" : undefined}
                >
                  <WouterLink href={href}>{page.title}</WouterLink>
                </Link>
              );
            })}
          </Stack>
        </Stack>
        <Stack minW="0">{children}</Stack>
      </Grid>
    </Layout>
  );
}
