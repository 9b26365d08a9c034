import { Accordion, Box, Grid, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Mail } from "lucide-react";
import { Layout } from "../../components/Layout.tsx";
import { proseLinks } from "../../components/prose.ts";
import { AppLink } from "../../components/RouterLink.tsx";
import { openedBeforeApp } from "../../lib/early-open.ts";
import { site } from "../../lib/site.ts";
import { faqSections } from "./faq/faqContent.ts";

/** `/faq` with its three sections: Subscription, Playlists, Errors. */
export function FaqPage() {
  return (
    <Layout
      width="normal"
      heading={{
        eyebrow: "Help",
        title: "Frequently asked questions",
        subtitle: "How Crate works, what it costs and what to do when something goes wrong.",
      }}
    >
      <Grid
        templateColumns={{ base: "1fr", md: "200px 1fr" }}
        gap={{ base: "6", md: "12" }}
        alignItems="start"
      >
        <Stack
          as="nav"
          aria-label="FAQ sections"
          direction={{ base: "row", md: "column" }}
          gap="1"
          position={{ md: "sticky" }}
          top={{ md: "24" }}
          overflowX="auto"
        >
          {faqSections.map((section) => (
            <Link
              key={section.id}
              href={`#${section.id}`}
              px="3"
              py="2"
              borderRadius="md"
              color="fg.muted"
              fontWeight="medium"
              textStyle="sm"
              whiteSpace="nowrap"
              _hover={{ bg: "bg.muted", color: "fg", textDecoration: "none" }}
            >
              {section.title}
            </Link>
          ))}
        </Stack>
        <Stack gap={{ base: "10", md: "14" }} minW="0">
          {faqSections.map((section) => (
            <Box
              as="section"
              key={section.id}
              id={section.id}
              scrollMarginTop="24"
              aria-labelledby={`${section.id}-title`}
            >
              <Text
                as="h2"
                id={`${section.id}-title`}
                textStyle={{ base: "xl", md: "2xl" }}
                fontWeight="800"
                letterSpacing="-0.01em"
                mb="4"
              >
                {section.title}
              </Text>
              <Accordion.Root
                multiple
                collapsible
                variant="plain"
                defaultValue={openedBeforeApp(section.items.map((item) => item.question))}
              >
                {section.items.map((item) => (
                  <Accordion.Item
                    key={item.question}
                    value={item.question}
                    borderWidth="1px"
                    borderColor="border"
                    borderRadius="xl"
                    bg="bg.panel"
                    mb="3"
                    px={{ base: "4", md: "5" }}
                  >
                    <Accordion.ItemTrigger py="4" cursor="pointer" fontWeight="semibold" textStyle="md">
                      <Text flex="1" textAlign="start">
                        {item.question}
                      </Text>
                      <Accordion.ItemIndicator />
                    </Accordion.ItemTrigger>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody pt="0" pb="5" color="fg.muted">
                        {item.answer}
                      </Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Box>
          ))}
          <HStack
            gap="4"
            p={{ base: "5", md: "6" }}
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="border"
            bg="bg.subtle"
            align="start"
          >
            <Box color="brand.fg" mt="0.5">
              <Mail size={20} aria-hidden />
            </Box>
            <Stack gap="1">
              <Text fontWeight="semibold">Still stuck?</Text>
              <Text color="fg.muted" textStyle="sm" css={proseLinks}>
                Write to <Link href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Link> or send us{" "}
                <AppLink href="/feedback">feedback</AppLink>. Our <AppLink href="/policies">policies</AppLink>{" "}
                explain what we store and how billing works.
              </Text>
            </Stack>
          </HStack>
        </Stack>
      </Grid>
    </Layout>
  );
}
