import { Card } from "@chakra-ui/react";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { FeedbackForm } from "./FeedbackForm.tsx";

/** `/feedback`: the form for signed-in listeners, otherwise a notice with the sign-in button. */
export function FeedbackPage() {
  const session = useSession();
  return (
    <Layout
      width="narrow"
      heading={{
        eyebrow: "Feedback",
        title: "Tell us what you think",
        subtitle: "Ideas, wishes, something that did not work: every message is read.",
      }}
    >
      {session.status === "loggedIn" ? (
        <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
          <Card.Body p={{ base: "5", md: "8" }}>
            <FeedbackForm />
          </Card.Body>
        </Card.Root>
      ) : (
        <LoginPrompt text="Please sign in to give feedback." />
      )}
    </Layout>
  );
}
