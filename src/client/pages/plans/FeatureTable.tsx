import { Box, Table, Text } from "@chakra-ui/react";
import { Check, Minus } from "lucide-react";
import { freePlanTexts } from "../../../shared/free-plan.ts";
import { limits } from "../../../shared/limits.ts";

type Cell = boolean | string;

const rows: { feature: string; free: Cell; premium: Cell }[] = [
  {
    feature: "Managed playlists",
    free: `Up to ${limits.freePlaylists}`,
    premium: `Up to ${limits.premiumPlaylists}`,
  },
  { feature: "Liked songs considered", free: freePlanTexts.tableCell, premium: "All" },
  { feature: "Mood, Genre, Subgenre, Decade, Nationality and Tempo playlists", free: true, premium: true },
  { feature: "Liked At playlists (month, season, year)", free: false, premium: true },
  { feature: "Randomized playlists", free: false, premium: true },
  { feature: "Latest Liked Songs playlists", free: false, premium: true },
  { feature: "Miscellaneous: Everything and partitions", free: false, premium: true },
  { feature: `Combination playlists (up to ${limits.maxCombinations})`, free: false, premium: true },
  { feature: "Playlists kept up to date about every hour", free: true, premium: true },
];

function CellValue({ value, label }: { value: Cell; label: string }) {
  if (typeof value === "string") return <Text fontWeight="medium">{value}</Text>;
  return value ? (
    <Box color="brand.fg" display="inline-flex" role="img" aria-label={`${label}: included`}>
      <Check size={18} aria-hidden />
    </Box>
  ) : (
    <Box color="fg.subtle" display="inline-flex" role="img" aria-label={`${label}: not included`}>
      <Minus size={18} aria-hidden />
    </Box>
  );
}

/** Free vs Premium, feature by feature. */
export function FeatureTable() {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="2xl" bg="bg.panel">
      <Table.Root size={{ base: "sm", md: "md" }} data-testid="feature-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Feature</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center" w={{ base: "20", md: "32" }}>
              Free
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center" w={{ base: "20", md: "32" }}>
              Premium
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.feature}>
              <Table.Cell whiteSpace="normal">{row.feature}</Table.Cell>
              <Table.Cell textAlign="center">
                <CellValue value={row.free} label="Free" />
              </Table.Cell>
              <Table.Cell textAlign="center">
                <CellValue value={row.premium} label="Premium" />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
