import { Box, Button, CloseButton, Drawer, IconButton, Portal, Separator, Stack } from "@chakra-ui/react";
import { LogOut, Menu } from "lucide-react";
import { useState } from "react";
import { Link as WouterLink } from "wouter";
import { Logo } from "./Logo.tsx";
import { isSelected, mainNav } from "./navigation.ts";
import { LinkButton } from "./RouterLink.tsx";

interface Props {
  location: string;
  loggedIn: boolean;
  isAdmin: boolean;
  onLogout: () => void;
  logoutPending: boolean;
}

/** The header on phones: a burger button that opens a side menu with the same links. */
export function MobileMenu({ location, loggedIn, isAdmin, onLogout, logoutPending }: Props) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const itemStyle = {
    justifyContent: "flex-start",
    size: "lg",
    variant: "ghost",
    fontWeight: "semibold",
  } as const;

  return (
    <Box display={{ base: "block", md: "none" }}>
      <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end" size="xs">
        <Drawer.Trigger asChild>
          <IconButton aria-label="Open menu" variant="ghost" size="md" data-testid="menu-button">
            <Menu />
          </IconButton>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content bg="bg.panel" data-testid="mobile-menu">
              <Drawer.Header borderBottomWidth="1px" borderColor="border.muted">
                <Drawer.Title asChild>
                  <WouterLink href="/" onClick={close} aria-label="Crate home">
                    <Logo />
                  </WouterLink>
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body py="4">
                <Stack as="nav" aria-label="Main" gap="1">
                  {mainNav.map((item) => {
                    const selected = isSelected(item, location);
                    return (
                      <LinkButton
                        key={item.href}
                        href={item.href}
                        onClick={close}
                        {...itemStyle}
                        color={selected ? "brand.fg" : "fg"}
                        bg={selected ? "brand.subtle" : undefined}
                        aria-current={selected ? "page" : undefined}
                      >
                        {item.label}
                      </LinkButton>
                    );
                  })}
                  <Separator my="3" />
                  {isAdmin ? (
                    <LinkButton href="/admin" onClick={close} {...itemStyle}>
                      Admin
                    </LinkButton>
                  ) : null}
                  {loggedIn ? (
                    <>
                      <LinkButton href="/settings" onClick={close} {...itemStyle}>
                        Settings
                      </LinkButton>
                      <Button {...itemStyle} onClick={onLogout} loading={logoutPending}>
                        <LogOut aria-hidden />
                        Logout
                      </Button>
                    </>
                  ) : (
                    <LinkButton href="/login" onClick={close} colorPalette="brand" size="lg" mt="2">
                      Get started
                    </LinkButton>
                  )}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
