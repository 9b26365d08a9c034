import { Button, type ButtonProps, HStack, Stack, type StackProps } from "@chakra-ui/react";
import type { FormEvent } from "react";

/**
 * The admin pages' one-line forms: fields side by side from `breakpoint` on, stacked above it, aligned on their
 * bottom edge; submitting calls `onSubmit` instead of reloading the page.
 */
export function InlineForm({
  breakpoint = "md",
  onSubmit,
  ...props
}: { breakpoint?: "sm" | "md"; onSubmit: () => void } & Omit<StackProps, "onSubmit">) {
  return (
    <Stack
      as="form"
      direction={{ base: "column", [breakpoint]: "row" }}
      gap="3"
      align={{ base: "stretch", [breakpoint]: "flex-end" }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      {...props}
    />
  );
}

/** The form's submit button, kept to its own width beside the fields. */
export function InlineSubmit(props: ButtonProps) {
  return (
    <HStack>
      <Button type="submit" size="sm" colorPalette="brand" {...props} />
    </HStack>
  );
}
