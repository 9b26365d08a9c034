import type { ReactNode } from "react";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { NotFoundPage } from "../public/NotFoundPage.tsx";

/**
 * Renders the admin page only for admins, so nobody else even runs its queries: signed out, a sign-in prompt;
 * signed in without admin rights, the not-found page (the admin area is not advertised).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === "loading") return null;
  if (session.status === "loggedOut") {
    return (
      <Layout width="narrow">
        <LoginPrompt text="Please sign in to continue." />
      </Layout>
    );
  }
  if (!session.isAdmin) return <NotFoundPage />;
  return <>{children}</>;
}
