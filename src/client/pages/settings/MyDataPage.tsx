import { Button, HStack, Skeleton, Stack, Textarea } from "@chakra-ui/react";
import { ArrowLeft, Download } from "lucide-react";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { useSession } from "../../hooks/useSession.ts";

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "crate-my-data.json";
  link.click();
  URL.revokeObjectURL(url);
}

function PersonalData() {
  const query = trpc.account.personalData.useQuery(undefined, { staleTime: 0 });
  const text = query.data ? JSON.stringify(query.data, null, 2) : "";
  return (
    <Stack gap="4">
      {query.isError ? <ErrorText error={query.error} /> : null}
      <Skeleton loading={query.isPending} borderRadius="xl">
        <Textarea
          readOnly
          value={text}
          aria-label="My personal data"
          data-testid="personal-data"
          fontFamily="mono"
          textStyle="xs"
          minH="60vh"
          bg="bg.muted"
          borderRadius="xl"
          spellCheck={false}
          whiteSpace="pre"
        />
      </Skeleton>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <AppLink href="/settings" color="fg.muted">
          <HStack gap="1">
            <ArrowLeft size={16} aria-hidden />
            Back to settings
          </HStack>
        </AppLink>
        <Button variant="outline" size="sm" disabled={!text} onClick={() => download(text)}>
          <Download aria-hidden />
          Download
        </Button>
      </HStack>
    </Stack>
  );
}

/** `/settings/my-data`: everything Crate stores about the user, as pretty-printed JSON (login required). */
export function MyDataPage() {
  const session = useSession();
  return (
    <Layout
      width="normal"
      heading={{
        eyebrow: "Account",
        title: "My data",
        subtitle:
          "Everything Crate stores about you. Your Spotify tokens are stored encrypted and are not shown.",
      }}
    >
      {session.status === "loggedIn" ? (
        <PersonalData />
      ) : (
        <LoginPrompt text="Please sign in to see your data." />
      )}
    </Layout>
  );
}
