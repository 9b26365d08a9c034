import type { SystemStyleObject } from "@chakra-ui/react";

/** Links inside running text: the accent colour and an underline, so they stand out from the words around them. */
export const proseLinks: SystemStyleObject = {
  "& a": { color: "brand.fg", textDecoration: "underline", textDecorationColor: "brand.fg/40" },
  "& a:hover": { textDecorationColor: "brand.fg" },
};
