import { Box, Button, Container, HStack, Link, Separator } from "@chakra-ui/react";
import { LogOut, Settings, Shield } from "lucide-react";
import { useLocation, Link as WouterLink } from "wouter";
import { trpc } from "../api/trpc.ts";
import { useSession } from "../hooks/useSession.ts";
import { Logo } from "./Logo.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { isSelected, mainNav } from "./navigation.ts";
import { LinkButton } from "./RouterLink.tsx";

/** Logout posts to the server, then reloads to / (spec §2), also when the call failed. */
export function useLogout() {
  const logout = trpc.auth.logout.useMutation({ onSettled: () => window.location.assign("/") });
  return { logout: () => logout.mutate(), pending: logout.isPending };
}

export function Header() {
  const [location] = useLocation();
  const session = useSession();
  const { logout, pending } = useLogout();
  const loggedIn = session.status === "loggedIn";

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/80"
      backdropFilter="saturate(180%) blur(14px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="7xl" px={{ base: "5", md: "8" }}>
        <HStack h={{ base: "16", md: "18" }} gap="6" justify="space-between">
          <HStack gap="10">
            <WouterLink href="/" aria-label="Crate home">
              <Logo />
            </WouterLink>
            <HStack as="nav" aria-label="Main" gap="1" display={{ base: "none", md: "flex" }}>
              {mainNav.map((item) => {
                const selected = isSelected(item, location);
                return (
                  <Link
                    key={item.href}
                    asChild
                    px="3"
                    py="2"
                    borderRadius="md"
                    fontWeight="medium"
                    textStyle="sm"
                    color={selected ? "fg" : "fg.muted"}
                    bg={selected ? "bg.emphasized" : undefined}
                    _hover={{ color: "fg", bg: "bg.muted", textDecoration: "none" }}
                    aria-current={selected ? "page" : undefined}
                  >
                    <WouterLink href={item.href}>{item.label}</WouterLink>
                  </Link>
                );
              })}
            </HStack>
          </HStack>

          <HStack gap="2" display={{ base: "none", md: "flex" }}>
            {session.isAdmin ? (
              <LinkButton href="/admin" variant="ghost" size="sm" color="fg.muted">
                <Shield aria-hidden />
                Admin
              </LinkButton>
            ) : null}
            {loggedIn ? (
              <>
                <LinkButton href="/settings" variant="ghost" size="sm" color="fg.muted">
                  <Settings aria-hidden />
                  Settings
                </LinkButton>
                <Separator orientation="vertical" h="5" />
                <Button variant="outline" size="sm" onClick={logout} loading={pending}>
                  <LogOut aria-hidden />
                  Logout
                </Button>
              </>
            ) : (
              <LinkButton href="/login" colorPalette="brand" size="sm" borderRadius="full" px="5">
                Get started
              </LinkButton>
            )}
          </HStack>

          <MobileMenu
            location={location}
            loggedIn={loggedIn}
            isAdmin={session.isAdmin}
            onLogout={logout}
            logoutPending={pending}
          />
        </HStack>
      </Container>
    </Box>
  );
}
