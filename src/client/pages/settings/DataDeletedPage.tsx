import { Text } from "@chakra-ui/react";
import { CircleCheck } from "lucide-react";
import { ConfirmationPage } from "../../components/ConfirmationPage.tsx";
import { SignInButton } from "../../components/SignInButton.tsx";

/** `/settings/data-deleted`: the data is gone; signing in again starts afresh, with a short wait. */
export function DataDeletedPage() {
  return (
    <ConfirmationPage icon={CircleCheck} title="Your data is deleted" testId="data-deleted">
      <Text color="fg.muted" maxW="md">
        Everything Crate stored about you has been deleted and you have been signed out. To use Crate again,
        you need to sign in again.
      </Text>
      <Text color="fg.muted" maxW="md">
        After signing in again, playlists cannot be created for two minutes.
      </Text>
      <SignInButton size="lg" />
    </ConfirmationPage>
  );
}
