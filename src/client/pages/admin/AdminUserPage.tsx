import { Alert, Card, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Star } from "lucide-react";
import type { ReactNode } from "react";
import { useSearch } from "wouter";
import { ErrorCode } from "../../../shared/errors.ts";
import { isPremiumMember } from "../../../shared/membership.ts";
import { membershipLevelNames } from "../../../shared/membership-names.ts";
import type { AdminUserDetail, UserLookup } from "../../../shared/schemas/admin.ts";
import { accessDate } from "../../../shared/spotify-access.ts";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { Layout } from "../../components/Layout.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { AdminGate } from "./AdminGate.tsx";
import { FindMemberForm } from "./FindMemberForm.tsx";
import { MembershipControl } from "./MembershipControl.tsx";
import { UserDetailTables } from "./UserDetailTables.tsx";

/** `?userId=` or `?spotifyId=` (the parameter carries the provider's name). */
export function lookupFromSearch(search: string): UserLookup | null {
  const params = new URLSearchParams(search);
  const userId = params.get("userId")?.trim();
  if (userId) return { userId };
  const spotifyId = params.get("spotifyId")?.trim();
  if (spotifyId) return { spotifyId };
  return null;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function UserSummary({ detail }: { detail: AdminUserDetail }) {
  const premium = isPremiumMember(detail.user.membershipLevel);
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" data-testid="user-summary">
      <Card.Body p={{ base: "5", md: "7" }} gap="6">
        <DataList.Root orientation="horizontal" size="md">
          <Item label="User id">
            <Text fontFamily="mono" data-testid="detail-user-id">
              {detail.user.userId}
            </Text>
          </Item>
          <Item label="Spotify user id">
            <Text fontFamily="mono" data-testid="detail-spotify-id">
              {detail.user.spotifyUserId}
            </Text>
          </Item>
          <Item label="Membership">
            <HStack gap="2" data-testid="detail-membership">
              {premium ? (
                <Star
                  size={18}
                  fill="#fe5a1a"
                  color="#fe5a1a"
                  aria-label="Premium"
                  data-testid="premium-star"
                />
              ) : null}
              <Text>{membershipLevelNames[detail.user.membershipLevel]}</Text>
            </HStack>
          </Item>
          <Item label="Monitored">
            <Text data-testid="detail-monitored">{detail.isMonitored ? "Yes" : "No"}</Text>
          </Item>
          <Item label="Statistics enabled">{detail.isStatisticsEnabled ? "Yes" : "No"}</Item>
          <Item label="Spotify access ends">
            <Text data-testid="detail-spotify-access">
              {accessDate(detail.spotifyAccessEndsAt)} ({detail.spotifyAccessState})
            </Text>
          </Item>
          <Item label="Spotify calls in 24 hours">
            <Text data-testid="detail-spotify-calls">
              {detail.spotifyCallsLast24h.toLocaleString("en-US")}
            </Text>
          </Item>
          <Item label="Liked tracks">
            <Text data-testid="detail-liked-tracks">
              {detail.numberOfLikedTracks.toLocaleString("en-US")}
            </Text>
          </Item>
        </DataList.Root>
        {detail.featuresUnavailable ? (
          <Alert.Root status="warning" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Title>
              Spotify refuses audio features to this app, so mood and tempo playlists cannot be filled.
            </Alert.Title>
          </Alert.Root>
        ) : null}
        <MembershipControl
          key={detail.user.userId}
          userId={detail.user.userId}
          current={detail.user.membershipLevel}
        />
      </Card.Body>
    </Card.Root>
  );
}

function UserDetail({ lookup }: { lookup: UserLookup }) {
  const detail = trpc.admin.userDetail.useQuery(lookup, { staleTime: 0 });
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    if (errorCodeOf(detail.error) === ErrorCode.NotFound) {
      const id = "userId" in lookup ? lookup.userId : lookup.spotifyId;
      return <ErrorText text={`No user found for ${id}.`} />;
    }
    return <ErrorText error={detail.error} />;
  }
  return (
    <Stack gap="8" data-testid="user-detail">
      <UserSummary detail={detail.data} />
      <UserDetailTables detail={detail.data} />
    </Stack>
  );
}

function UserPage() {
  const lookup = lookupFromSearch(useSearch());
  return (
    <Layout width="wide" heading={{ eyebrow: "Admin", title: "User detail" }}>
      <Stack gap="8">
        <AppLink href="/admin" color="fg.muted" textStyle="sm">
          <HStack gap="1">
            <ArrowLeft size={16} aria-hidden />
            Back to the dashboard
          </HStack>
        </AppLink>
        {lookup ? (
          <UserDetail lookup={lookup} />
        ) : (
          <Stack gap="4">
            <Text color="fg.muted">Look a user up by their Spotify id or their user id.</Text>
            <FindMemberForm />
          </Stack>
        )}
      </Stack>
    </Layout>
  );
}

/** `/admin/users?userId=` or `?spotifyId=`: one user's detail and the membership change (admins only). */
export function AdminUserPage() {
  return (
    <AdminGate>
      <UserPage />
    </AdminGate>
  );
}
