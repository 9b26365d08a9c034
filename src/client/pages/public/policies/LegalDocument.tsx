import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { proseLinks } from "../../../components/prose.ts";

export interface LegalSection {
  heading: string;
  paragraphs: ReactNode[];
}

/** A policy text: title, last-modified date and numbered sections. */
export function LegalDocument({
  title,
  lastModified,
  intro,
  sections,
}: {
  title: string;
  /** e.g. "10 May 2025" */
  lastModified?: string;
  intro?: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Box as="article" data-testid="legal-document" css={proseLinks}>
      <Stack gap="2" mb="8">
        <Heading as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="800" letterSpacing="-0.02em">
          {title}
        </Heading>
        {lastModified ? (
          <Text textStyle="sm" color="fg.subtle">
            Last modified {lastModified}
          </Text>
        ) : null}
        {intro ? (
          <Text color="fg.muted" mt="2">
            {intro}
          </Text>
        ) : null}
      </Stack>
      <Stack gap="8">
        {sections.map((section, index) => (
          <Box as="section" key={section.heading}>
            <Heading as="h2" textStyle="lg" fontWeight="bold" mb="3">
              {index + 1}. {section.heading}
            </Heading>
            <Stack gap="3" color="fg.muted" lineHeight="1.7">
              {section.paragraphs.map((paragraph, paragraphIndex) => (
                // static text: a paragraph's position is its identity
                // biome-ignore lint/suspicious/noArrayIndexKey: static content
                <Text key={paragraphIndex} as="div">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
