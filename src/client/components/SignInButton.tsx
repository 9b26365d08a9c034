import { Button, type ButtonProps } from "@chakra-ui/react";
import { LogIn } from "lucide-react";
import { authorizeUrl } from "../lib/referrer.ts";

/**
 * A full-page navigation to the provider's sign-in (`/api/authorize?referrer=…`). `fromPlans` starts it at
 * `/api/authorize/plans` so the visitor comes back to /plans.
 */
export function SignInButton({
  fromPlans = false,
  children = "Sign in with Spotify",
  ...props
}: ButtonProps & { fromPlans?: boolean }) {
  const path = fromPlans ? "/api/authorize/plans" : "/api/authorize";
  return (
    // data-authorize: on a page the server rendered, the entry script starts the sign-in itself (main.tsx)
    <Button
      colorPalette="brand"
      data-authorize={path}
      onClick={() => window.location.assign(authorizeUrl(path))}
      {...props}
    >
      <LogIn aria-hidden />
      {children}
    </Button>
  );
}
