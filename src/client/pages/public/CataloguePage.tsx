import { Badge, Box, Center, Grid, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { ArrowLeft, Check, Crown, Minus } from "lucide-react";
import { useLocation } from "wouter";
import { hasPremiumCatalogue } from "../../../shared/membership.ts";
import { GroupIcon } from "../../components/GroupIcon.tsx";
import { Layout } from "../../components/Layout.tsx";
import { Overline } from "../../components/Overline.tsx";
import { AppLink, LinkButton } from "../../components/RouterLink.tsx";
import { SignInButton } from "../../components/SignInButton.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { catalogueRows } from "./catalogueRows.ts";
import { cataloguePageBySlug, cataloguePages } from "./catalogueSlugs.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";

function Availability({ available, label }: { available: boolean; label: string }) {
  return (
    <Center
      color={available ? "brand.fg" : "fg.subtle"}
      role="img"
      aria-label={`${label}: ${available ? "included" : "not included"}`}
    >
      {available ? <Check size={18} strokeWidth={2.5} aria-hidden /> : <Minus size={18} aria-hidden />}
    </Center>
  );
}

/** The call to action beside the table: sign up (free groups, logged out) or Premium (premium-only groups). */
function CallToAction({ premiumOnly }: { premiumOnly: boolean }) {
  const session = useSession();
  if (premiumOnly) {
    if (hasPremiumCatalogue(session.membershipLevel)) {
      return (
        <Stack gap="3">
          <Text fontWeight="semibold">Included in your Premium plan</Text>
          <LinkButton href="/playlists" colorPalette="brand" borderRadius="full">
            Choose playlists
          </LinkButton>
        </Stack>
      );
    }
    return (
      <Stack gap="4" data-testid="premium-prompt">
        <HStack gap="2" color="purple.fg">
          <Crown size={18} aria-hidden />
          <Text fontWeight="bold">Premium only</Text>
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          These playlists come with Premium, together with up to 100 playlists and all of your liked songs.
        </Text>
        <LinkButton
          href="/plans"
          colorPalette="brand"
          size="lg"
          borderRadius="full"
          data-testid="premium-button"
        >
          Get access with Premium
        </LinkButton>
      </Stack>
    );
  }
  if (session.status === "loggedOut") {
    return (
      <Stack gap="4" data-testid="signup-prompt">
        <Text fontWeight="bold">Free for everyone</Text>
        <Text textStyle="sm" color="fg.muted">
          Sign up for free and choose up to 15 playlists. Crate creates them in your Spotify library and keeps
          them up to date.
        </Text>
        <SignInButton size="lg" borderRadius="full">
          Sign up for free
        </SignInButton>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Included in your plan</Text>
      <LinkButton href="/playlists" colorPalette="brand" borderRadius="full">
        Choose playlists
      </LinkButton>
    </Stack>
  );
}

/** `/playlists/{group}`: what a group holds, as a Free/Premium table. */
export function CataloguePage() {
  const [location] = useLocation();
  const slug = location.split("/").filter(Boolean)[1] ?? "";
  const page = cataloguePageBySlug(slug);
  if (!page) return <NotFoundPage />;
  const others = cataloguePages.filter((other) => other.slug !== page.slug);

  return (
    <Layout width="wide">
      <AppLink href="/" textStyle="sm" color="fg.muted" mb="6" display="inline-flex" gap="1.5">
        <ArrowLeft size={14} aria-hidden /> All playlist kinds
      </AppLink>
      <HStack gap="4" align="center" mb={{ base: "6", md: "10" }}>
        <Center
          boxSize={{ base: "12", md: "14" }}
          borderRadius="xl"
          bg={page.premiumOnly ? "purple.subtle" : "brand.subtle"}
          color={page.premiumOnly ? "purple.fg" : "brand.fg"}
          flexShrink="0"
        >
          <GroupIcon name={page.iconName} size={24} />
        </Center>
        <Stack gap="1">
          <HStack gap="3" flexWrap="wrap">
            <Text as="h1" textStyle={{ base: "2xl", md: "4xl" }} fontWeight="800" letterSpacing="-0.02em">
              {page.title} playlists
            </Text>
            <Badge
              variant="outline"
              colorPalette={page.premiumOnly ? "purple" : "gray"}
              borderRadius="full"
              px="2.5"
            >
              {page.premiumOnly ? "Premium" : "Free"}
            </Badge>
          </HStack>
          <Text color="fg.muted">{page.description}</Text>
        </Stack>
      </HStack>
      <Grid
        templateColumns={{ base: "1fr", lg: "1fr 340px" }}
        templateAreas={{ base: `"cta" "table" "others"`, lg: `"table cta" "table others"` }}
        templateRows={{ lg: "auto 1fr" }}
        columnGap="12"
        rowGap={{ base: "8", lg: "6" }}
        alignItems="start"
      >
        <Box
          gridArea="table"
          minW="0"
          borderWidth="1px"
          borderColor="border"
          borderRadius="2xl"
          overflow="hidden"
          bg="bg.panel"
        >
          <Table.Root size="md" data-testid="catalogue-table">
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Playlist</Table.ColumnHeader>
                <Table.ColumnHeader w={{ base: "16", md: "28" }} textAlign="center">
                  Free
                </Table.ColumnHeader>
                <Table.ColumnHeader w={{ base: "20", md: "28" }} textAlign="center">
                  Premium
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {catalogueRows(page.slug).map((row) => (
                <Table.Row key={row.name} bg="transparent" _hover={{ bg: "bg.muted/50" }}>
                  <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
                  <Table.Cell>
                    <Availability available={!row.premiumOnly} label="Free" />
                  </Table.Cell>
                  <Table.Cell>
                    <Availability available label="Premium" />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        <Box gridArea="cta" p="6" borderRadius="2xl" borderWidth="1px" borderColor="border" bg="bg.panel">
          <CallToAction premiumOnly={page.premiumOnly} />
        </Box>
        <Stack gridArea="others" gap="2" px="1">
          <Overline>Other kinds</Overline>
          <HStack gap="2" flexWrap="wrap">
            {others.map((other) => (
              <AppLink
                key={other.slug}
                href={`/playlists/${other.slug}`}
                textStyle="sm"
                px="3"
                py="1"
                borderRadius="full"
                borderWidth="1px"
                borderColor="border"
                color="fg.muted"
                _hover={{ color: "fg", borderColor: "border.emphasized", textDecoration: "none" }}
              >
                {other.title}
              </AppLink>
            ))}
          </HStack>
        </Stack>
      </Grid>
    </Layout>
  );
}
