import { Box, type BoxProps } from "@chakra-ui/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Fragment, type ReactNode, useRef } from "react";

/** Where a row stands inside the list; spread onto the row's own element. */
export interface VirtualRowPlacement {
  position: "absolute";
  top: "0";
  left: "0";
  right: "0";
  h: string;
  transform: string;
}

interface VirtualListProps<Item> extends Omit<BoxProps, "children" | "h"> {
  items: readonly Item[];
  /** height of one row in px (every row is as high) */
  rowPx: number;
  /** height of the scrolling box in px */
  heightPx: number;
  /** the role and name of the element holding the rows, e.g. "list" / "listbox" */
  listRole: string;
  listLabel: string;
  itemKey: (item: Item) => string;
  renderRow: (item: Item, placement: VirtualRowPlacement) => ReactNode;
}

/** A scrolling box of fixed height that renders only the rows in view (and a few around them). */
export function VirtualList<Item>({
  items,
  rowPx,
  heightPx,
  listRole,
  listLabel,
  itemKey,
  renderRow,
  ...boxProps
}: VirtualListProps<Item>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowPx,
    overscan: 6,
  });
  return (
    <Box ref={scrollRef} h={`${heightPx}px`} overflowY="auto" {...boxProps}>
      <Box position="relative" h={`${virtualizer.getTotalSize()}px`} role={listRole} aria-label={listLabel}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          const placement: VirtualRowPlacement = {
            position: "absolute",
            top: "0",
            left: "0",
            right: "0",
            h: `${rowPx}px`,
            transform: `translateY(${row.start}px)`,
          };
          return <Fragment key={itemKey(item)}>{renderRow(item, placement)}</Fragment>;
        })}
      </Box>
    </Box>
  );
}
