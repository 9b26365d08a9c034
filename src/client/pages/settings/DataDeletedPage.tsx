import { Circle, Stack, Text } from "@chakra-ui/react";
import { CircleCheck } from "lucide-react";
import { Layout } from "../../components/Layout.tsx";
import { SignInButton } from "../../components/SignInButton.tsx";

/** `/settings/data-deleted`: the data is gone; signing in again starts afresh, with a short wait. */
export function DataDeletedPage() {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack gap="6" align="center" textAlign="center" w="full" data-testid="data-deleted">
        <Circle size="16" bg="brand.subtle" color="brand.fg">
          <CircleCheck size={28} aria-hidden />
        </Circle>
        <Text as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold">
          Your data is deleted
        </Text>
        <Text color="fg.muted" maxW="md">
          Everything Crate stored about you has been deleted and you have been signed out. To use Crate again,
          you need to sign in again.
        </Text>
        <Text color="fg.muted" maxW="md">
          After signing in again, playlists cannot be created for two minutes.
        </Text>
        <SignInButton size="lg" />
      </Stack>
    </Layout>
  );
}
