import { Text, type TextProps } from "@chakra-ui/react";

/**
 * The small uppercase line above a heading or a list: muted over lists and columns, in the brand colour as a
 * section's eyebrow.
 */
export function Overline({ tone = "muted", ...props }: TextProps & { tone?: "muted" | "brand" }) {
  return (
    <Text
      textStyle="xs"
      fontWeight="bold"
      letterSpacing={tone === "brand" ? "0.12em" : "0.1em"}
      textTransform="uppercase"
      color={tone === "brand" ? "brand.fg" : "fg.subtle"}
      {...props}
    />
  );
}
