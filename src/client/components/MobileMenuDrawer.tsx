import { Button, CloseButton, Drawer, Portal, Separator, Stack } from "@chakra-ui/react";
import { LogOut } from "lucide-react";
import { Link as WouterLink } from "wouter";
import { Logo } from "./Logo.tsx";
import { isSelected, mainNav } from "./navigation.ts";
import { LinkButton } from "./RouterLink.tsx";

export interface MobileMenuProps {
  location: string;
  loggedIn: boolean;
  isAdmin: boolean;
  onLogout: () => void;
  logoutPending: boolean;
}

interface Props extends MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The side menu on phones, with the header's links; loaded only once a visitor opens it (`MobileMenu.tsx`). */
export function MobileMenuDrawer({
  open,
  onOpenChange,
  location,
  loggedIn,
  isAdmin,
  onLogout,
  logoutPending,
}: Props) {
  const close = () => onOpenChange(false);
  const itemStyle = {
    justifyContent: "flex-start",
    size: "lg",
    variant: "ghost",
    fontWeight: "semibold",
  } as const;

  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="end" size="xs">
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
  );
}
