import { Button, type ButtonProps, Link, type LinkProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as WouterLink } from "wouter";

/** An in-app link styled as a Chakra Link (client-side navigation through wouter). */
export function AppLink({ href, children, ...props }: LinkProps & { href: string; children: ReactNode }) {
  return (
    <Link asChild {...props}>
      <WouterLink href={href}>{children}</WouterLink>
    </Link>
  );
}

/** An in-app link that looks like a button. */
export function LinkButton({
  href,
  children,
  ...props
}: ButtonProps & { href: string; children: ReactNode }) {
  return (
    // type={undefined}: an anchor has no button type (Chakra's Button sets type="button" by default)
    <Button asChild type={undefined} {...props}>
      <WouterLink href={href}>{children}</WouterLink>
    </Button>
  );
}
