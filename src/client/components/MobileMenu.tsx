import { Box, IconButton } from "@chakra-ui/react";
import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { MobileMenuProps } from "./MobileMenuDrawer.tsx";

// The drawer (Chakra's dialog machine, focus trap and scroll lock) is a chunk of its own, fetched when a visitor
// first reaches for the menu: the landing page's script does not carry it.
const loadDrawer = () => import("./MobileMenuDrawer.tsx");
const MobileMenuDrawer = lazy(async () => ({ default: (await loadDrawer()).MobileMenuDrawer }));

/** The header on phones: a burger button that opens a side menu with the same links. */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  return (
    <Box display={{ base: "block", md: "none" }}>
      <IconButton
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        size="md"
        data-testid="menu-button"
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu />
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </Box>
  );
}
