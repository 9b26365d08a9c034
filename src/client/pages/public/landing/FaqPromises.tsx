import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "../../../components/RouterLink.tsx";
import { faqPromises } from "../faq/faqPromises.ts";
import { Section } from "./Section.tsx";

export function FaqPromises() {
  return (
    <Section
      id="faq"
      eyebrow="FAQ"
      title="What Crate promises"
      lead={
        <>
          The short answers to what listeners ask most. More in the <AppLink href="/faq">FAQ</AppLink> and our{" "}
          <AppLink href="/policies">policies</AppLink>.
        </>
      }
      tinted
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "4", md: "5" }}>
        {faqPromises.map((item) => (
          <Box
            key={item.question}
            p={{ base: "5", md: "6" }}
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="border"
            bg="bg.panel"
          >
            <Stack gap="2">
              <Text as="h3" fontWeight="bold">
                {item.question}
              </Text>
              <Text color="fg.muted" textStyle="sm">
                {item.answer}
              </Text>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
