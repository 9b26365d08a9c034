import { HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { ArrowRight } from "lucide-react";
import { Link as WouterLink } from "wouter";
import { PageHeading } from "../../../components/PageHeading.tsx";
import { PoliciesLayout } from "./PoliciesLayout.tsx";
import { operator, policyPages } from "./policyPages.ts";

/** `/policies`: the five policy documents. */
export function PoliciesIndexPage() {
  return (
    <PoliciesLayout>
      <PageHeading
        eyebrow="Policies"
        title="Policies and terms"
        subtitle={`Crate is operated by ${operator.name}, ${operator.description}. These documents explain the rules of the service, what we store and how billing works.`}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {policyPages.map((page) => (
          <LinkBox
            key={page.slug}
            p="6"
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="border"
            bg="bg.panel"
            _hover={{ borderColor: "border.emphasized" }}
          >
            <Stack gap="2" h="full">
              <LinkOverlay asChild>
                <WouterLink href={`/policies/${page.slug}`}>
                  <Text as="h2" fontWeight="bold" textStyle="lg">
                    {page.title}
                  </Text>
                </WouterLink>
              </LinkOverlay>
              <Text textStyle="sm" color="fg.muted" flex="1">
                {page.summary}
              </Text>
              <HStack justify="space-between" textStyle="xs" color="fg.subtle" pt="2">
                <Text>
                  {page.lastModified
                    ? `Last modified ${page.lastModified}`
                    : "Generated from the installed packages"}
                </Text>
                <ArrowRight size={14} aria-hidden />
              </HStack>
            </Stack>
          </LinkBox>
        ))}
      </SimpleGrid>
    </PoliciesLayout>
  );
}
