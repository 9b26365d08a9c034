import { Alert, Button, HStack, Skeleton, Stack, Text, Textarea } from "@chakra-ui/react";
import { ArrowLeft, Download } from "lucide-react";
import { useState } from "react";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { MY_DATA_FRESH_MS } from "./myDataQuery.ts";

const EXPORT_PATH = "/api/user/personal-data";
const FILE_NAME = "crate-my-data.json";

/**
 * The whole export as a file, taken as it comes (never parsed nor drawn here: a 10,000-song library is megabytes);
 * a refusal (too many downloads this hour) is said on the page, not saved as the file.
 */
async function downloadExport(): Promise<void> {
  const response = await fetch(EXPORT_PATH, { headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { errorCode?: number };
    throw Object.assign(new Error("download refused"), { errorCode: body.errorCode ?? -1 });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

const count = (n: number) => n.toLocaleString("en-US");

function PersonalData() {
  const query = trpc.account.personalDataPreview.useQuery(undefined, { staleTime: MY_DATA_FRESH_MS });
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<number | null>(null);
  const preview = query.data;
  const text = preview ? JSON.stringify(preview.data, null, 2) : "";
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadExport();
    } catch (error) {
      setDownloadError((error as { errorCode?: number }).errorCode ?? errorCodeOf(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="4">
      {query.isError ? <ErrorText error={query.error} /> : null}
      {preview && preview.cut.length > 0 ? (
        <Alert.Root status="info" borderRadius="xl" data-testid="personal-data-cut">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Shown here: the first {count(preview.shownPerList)} items of each list.</Alert.Title>
            <Alert.Description>
              {preview.cut.some((c) => c.path === "likedSongs")
                ? `Your ${count(preview.cut.find((c) => c.path === "likedSongs")?.total ?? 0)} liked songs and every other long list are whole in the download.`
                : "The long lists are whole in the download."}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Skeleton loading={query.isPending} borderRadius="xl">
        <Textarea
          readOnly
          value={text}
          aria-label="My personal data"
          data-testid="personal-data"
          data-state={preview ? "ready" : "loading"}
          fontFamily="mono"
          textStyle="xs"
          minH="60vh"
          bg="bg.muted"
          borderRadius="xl"
          spellCheck={false}
          whiteSpace="pre"
        />
      </Skeleton>
      {downloadError !== null ? <ErrorText code={downloadError} /> : null}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <AppLink href="/settings" color="fg.muted">
          <HStack gap="1">
            <ArrowLeft size={16} aria-hidden />
            Back to settings
          </HStack>
        </AppLink>
        <Stack gap="1" align="end">
          <Button
            variant="outline"
            size="sm"
            loading={downloading}
            onClick={() => void download()}
            data-testid="personal-data-download"
          >
            <Download aria-hidden />
            Download all of it
          </Button>
          <Text textStyle="xs" color="fg.muted">
            {FILE_NAME}, everything above and every list whole
          </Text>
        </Stack>
      </HStack>
    </Stack>
  );
}

/**
 * `/settings/my-data`: everything Crate stores about the user, as pretty-printed JSON (login required); a large
 * library's long lists are cut on the page and whole in the download.
 */
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
