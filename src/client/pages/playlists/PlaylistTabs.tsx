import { HStack, Link } from "@chakra-ui/react";
import { Blend, ListChecks } from "lucide-react";

export type PlaylistTab = "predefined" | "combinations";

const tabs: { id: PlaylistTab; label: string; href: string; Icon: typeof ListChecks }[] = [
  { id: "predefined", label: "Predefined", href: "/playlists", Icon: ListChecks },
  { id: "combinations", label: "Combinations", href: "/playlists/combinations", Icon: Blend },
];

/**
 * The two tabs of the Playlists page. They are plain links, so switching tab loads the document again
 * (spec §2), which also restarts the tab's polling from a clean state.
 */
export function PlaylistTabs({ current }: { current: PlaylistTab }) {
  return (
    <HStack
      as="nav"
      aria-label="Playlist kinds"
      gap="1"
      p="1"
      mb={{ base: "6", md: "8" }}
      borderRadius="full"
      bg="bg.muted"
      borderWidth="1px"
      borderColor="border.muted"
      w={{ base: "full", sm: "fit-content" }}
      data-testid="playlist-tabs"
    >
      {tabs.map(({ id, label, href, Icon }) => {
        const selected = id === current;
        return (
          <Link
            key={id}
            href={href}
            flex={{ base: "1", sm: "initial" }}
            justifyContent="center"
            gap={{ base: "1.5", sm: "2" }}
            // on a phone the two tabs share the width: the narrowest (320 px) holds both labels
            px={{ base: "2", sm: "5" }}
            py="2"
            borderRadius="full"
            textStyle="sm"
            fontWeight="semibold"
            color={selected ? "fg" : "fg.muted"}
            bg={selected ? "bg.panel" : undefined}
            shadow={selected ? "sm" : undefined}
            _hover={{ color: "fg", textDecoration: "none" }}
            aria-current={selected ? "page" : undefined}
            data-testid={`tab-${id}`}
          >
            <Icon size={16} aria-hidden />
            {label}
          </Link>
        );
      })}
    </HStack>
  );
}
