import { Box, Container, Grid, HStack, Link, Separator, Stack, Text } from "@chakra-ui/react";
import { AtSign, Mail } from "lucide-react";
import { site } from "../lib/site.ts";
import { Logo } from "./Logo.tsx";
import { Overline } from "./Overline.tsx";
import { AppLink } from "./RouterLink.tsx";

const footerLink = { textStyle: "sm", color: "fg.muted", _hover: { color: "fg" } } as const;

const columns: { title: string; links: { label: string; href: string }[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Playlists", href: "/playlists" },
      { label: "Combinations", href: "/playlists/combination" },
      { label: "Plans", href: "/plans" },
      { label: "FAQ", href: "/faq" },
      { label: "Feedback", href: "/feedback" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy policy", href: "/policies/privacy-policy" },
      { label: "Terms", href: "/policies/terms" },
      { label: "Policies", href: "/policies" },
      { label: "Licenses", href: "/policies/licenses" },
    ],
  },
];

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" bg="bg.subtle" mt="auto">
      <Container maxW="7xl" px={{ base: "5", md: "8" }} py={{ base: "10", md: "14" }}>
        <Grid templateColumns={{ base: "1fr 1fr", md: "2fr 1fr 1fr 1.3fr" }} gap={{ base: "8", md: "10" }}>
          <Stack gap="3" gridColumn={{ base: "span 2", md: "auto" }} maxW="xs">
            <Logo />
            <Text textStyle="sm" color="fg.muted">
              Playlists made from your liked songs, kept up to date every hour.
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap="3" as="nav" aria-label={column.title}>
              <Overline>{column.title}</Overline>
              {column.links.map((link) => (
                <AppLink key={link.href} href={link.href} {...footerLink}>
                  {link.label}
                </AppLink>
              ))}
            </Stack>
          ))}
          <Stack gap="3" gridColumn={{ base: "span 2", md: "auto" }}>
            <Overline>Contact</Overline>
            <Link href={`mailto:${site.supportEmail}`} {...footerLink}>
              <Mail size={16} aria-hidden />
              {site.supportEmail}
            </Link>
            <Link href={site.socialUrl} target="_blank" rel="noopener noreferrer" {...footerLink}>
              <AtSign size={16} aria-hidden />
              {site.socialLabel}
            </Link>
          </Stack>
        </Grid>
        <Separator my="8" borderColor="border.muted" />
        <HStack
          justify="space-between"
          align={{ base: "start", md: "center" }}
          flexDirection={{ base: "column", md: "row" }}
          gap="3"
          textStyle="xs"
          color="fg.subtle"
        >
          <Text data-testid="not-affiliated">
            Crate is not affiliated with, endorsed or sponsored by Spotify. Spotify is a trademark of Spotify
            AB.
          </Text>
          <Text>© {new Date().getFullYear()} Crate ApS, Denmark</Text>
        </HStack>
      </Container>
    </Box>
  );
}
