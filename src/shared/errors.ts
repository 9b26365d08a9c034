// The error catalogue of spec section 8: one place for codes, texts and HTTP statuses.
import { workLimits } from "./work-limits.ts";

export const ErrorCode = {
  Unknown: -1,
  BadRequest: 1,
  NotFound: 4,
  Unauthorized: 6,
  TypeDoesNotExist: 9,
  DistributionNotYetPermitted: 10,
  CombinationDistributionNotYetPermitted: 11,
  TooManyPreferences: 16,
  WholeLibraryDistributionOngoing: 18,
  UserDeletedRecently: 21,
  DuplicateName: 23,
  ReservedName: 24,
  TooMuchFeedback: 28,
  FeatureNotAvailable: 30,
  PlaylistDeletionOngoing: 34,
  TooManyPreferencesPremium: 35,
  AnalysisOngoing: 37,
  AnalysisStartedTooRecently: 38,
  PayloadTooLarge: 41,
  RateLimited: 42,
  ProviderUnavailable: 50,
  WorkQueueFull: 65,
  PersonalDataTooOften: 66,
  TooManyExpensiveCalls: 67,
  ChangesTooOften: 68,
  /** exclusions, corrections and their undo past their number in a few minutes (each moves songs on Spotify) */
  ChoicesTooOften: 69,
  /** a second checkout while a subscription runs */
  SubscriptionRunning: 70,
  /** recreate asked for a playlist that was not deleted in Spotify */
  PlaylistNotDeleted: 76,
  /** put back asked for a playlist Crate does not keep up to date now (deleted in Spotify, refused, paused) */
  PlaylistNotUpdated: 77,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const THIRTY_SECONDS =
  "Unfortunately, this functionality is only available every 30 seconds. Try again in a little while.";

/** Texts shown to the user for each code (spec section 8). Codes not listed show 'Unknown error.'. */
export const errorTexts: Partial<Record<ErrorCodeValue, string>> = {
  [ErrorCode.Unknown]: "Unknown error.",
  [ErrorCode.TypeDoesNotExist]: "One of the chosen genres or decades is not known in the system.",
  [ErrorCode.DistributionNotYetPermitted]: THIRTY_SECONDS,
  [ErrorCode.CombinationDistributionNotYetPermitted]: THIRTY_SECONDS,
  [ErrorCode.TooManyPreferences]: "Unfortunately, at most 20 playlists can be created.",
  [ErrorCode.TooManyPreferencesPremium]: "Unfortunately, at most 100 playlists can be created.",
  [ErrorCode.WholeLibraryDistributionOngoing]:
    "Your liked songs are currently being added to playlists in Spotify. Please wait until this is finished before retrying.",
  [ErrorCode.UserDeletedRecently]:
    "You deleted your data and logged in again too recently. Wait a little while before attempting again.",
  [ErrorCode.DuplicateName]:
    "You're using a name for that you have already used before, please choose another one.",
  [ErrorCode.ReservedName]: "You're using the name of a reserved playlist, please choose another one.",
  [ErrorCode.TooMuchFeedback]:
    "We are very thankful for all your feedback, but unfortunately you are unable to provide anymore.",
  [ErrorCode.FeatureNotAvailable]: "This feature is only available for premium users.",
  [ErrorCode.PlaylistDeletionOngoing]:
    "Playlists are currently being deleted in Spotify. Please wait until this is finished before retrying.",
  [ErrorCode.AnalysisOngoing]:
    "An analysis is currently going on of your songs. Please wait until this is finished.",
  [ErrorCode.AnalysisStartedTooRecently]:
    "Unfortunately, this functionality is only available every 20 seconds. Try again in a little while.",
  [ErrorCode.WorkQueueFull]:
    "Crate is still working on your earlier requests. Please wait until they are finished before retrying.",
  [ErrorCode.PersonalDataTooOften]:
    "Your personal data can be downloaded a few times an hour. Try again in a little while.",
  [ErrorCode.TooManyExpensiveCalls]: "Too many expensive calls in one request. Send them one at a time.",
  [ErrorCode.ChangesTooOften]: "You are changing your settings very quickly. Wait a moment and try again.",
  [ErrorCode.RateLimited]: "You are asking very quickly. Wait a moment and try again.",
  [ErrorCode.ChoicesTooOften]: `You can make up to ${workLimits.choicesPerWindow} exclusions, corrections and undos in ${workLimits.choicesWindowMinutes} minutes. Your playlists are being updated: wait a few minutes, then go on.`,
  [ErrorCode.SubscriptionRunning]:
    "You already have a Premium subscription running, so a second one cannot be bought. You can manage it on this page.",
  [ErrorCode.PlaylistNotDeleted]: "This playlist is still in Spotify, so there is nothing to recreate.",
  [ErrorCode.PlaylistNotUpdated]:
    "Crate does not keep this playlist up to date now, so it cannot put a song back into it.",
};

/** The text the client shows for a failed call: the catalogue text, or 'Unknown error.' for any other code. */
export function textForErrorCode(code: number | undefined): string {
  const text = code === undefined ? undefined : errorTexts[code as ErrorCodeValue];
  return text ?? "Unknown error.";
}

/** HTTP status for each code; anything not listed is a 400 (a refusal of the request). */
const statusByCode: Partial<Record<ErrorCodeValue, number>> = {
  [ErrorCode.Unknown]: 500,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.DistributionNotYetPermitted]: 429,
  [ErrorCode.CombinationDistributionNotYetPermitted]: 429,
  [ErrorCode.AnalysisStartedTooRecently]: 429,
  [ErrorCode.UserDeletedRecently]: 429,
  [ErrorCode.TooMuchFeedback]: 429,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.WorkQueueFull]: 429,
  [ErrorCode.PersonalDataTooOften]: 429,
  [ErrorCode.ChangesTooOften]: 429,
  [ErrorCode.ChoicesTooOften]: 429,
  [ErrorCode.WholeLibraryDistributionOngoing]: 409,
  [ErrorCode.PlaylistDeletionOngoing]: 409,
  [ErrorCode.AnalysisOngoing]: 409,
  [ErrorCode.DuplicateName]: 409,
  [ErrorCode.SubscriptionRunning]: 409,
  [ErrorCode.PlaylistNotDeleted]: 409,
  [ErrorCode.PlaylistNotUpdated]: 409,
  [ErrorCode.FeatureNotAvailable]: 403,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.ProviderUnavailable]: 502,
};

export function httpStatusForErrorCode(code: number): number {
  return statusByCode[code as ErrorCodeValue] ?? 400;
}

/** Other fixed messages of spec section 8. */
export const messages = {
  /** on a combination's row when the listener deleted its playlist in Spotify */
  combinationPlaylistVanished:
    "Deleted in Spotify. Recreate it on the Playlists page to have it back with the songs it held, or delete it here to stop keeping it up to date.",
  progressFailure: "Unfortunately, Spotify appears to have issues currently. Please try again later.",
  notFound: "We've been looking everywhere, but we're not able to find the page that you're looking for",
  noCapacity: "We are really sorry, but we only allow a certain number of users to join every day.",
  batchNotStarted: "Job did not start, presumably because a job has not finished.",
  membershipChangeFailed: "Membership change did not succeed",
  membershipChanged: "Membership updated",
  unexpectedPaymentError:
    "An unexpected error occurred. Please e-mail support at support@crate.example and we will help you.",
  plansUnavailable: "Plans currently unavailable",
  /** PREMIUM=off: the server sells nothing */
  premiumNotOffered: "Premium is not offered on this server",
  /** account deletion refused because the running subscription could not be cancelled first */
  deletionNeedsCancel:
    "Your account was not deleted: your premium subscription has to be cancelled first, and that failed.",
  noCheckoutPopup:
    "If no checkout popup appears successfully, it unfortunately means that premium is not available in your location.",
  deletionNotLoggedIn: "You are not logged in.",
  deletionUnknown: "An unknown error occured. Try again later.",
  mustChooseOne: "You must choose at least one playlist.",
  noChanges: "You have not made any changes.",
  premiumCap: "Unfortunately at most 100 playlists can be selected",
  freeCap: "Become a premium member to select more than 15 playlists!",
  feedbackEmpty: "You have not written anything.",
  feedbackPolicy: "Read submission policy and check the box",
  cancelConfirm: "Are you certain you want to cancel your subscription?",
  deleteConfirm: "Are you certain you want to delete all of your data?",
  noPlaylistDefined: "Your have not defined any playlist.",
  playlistNeedsName: "Your playlist needs a name.",
  playlistsNeedName: "One or more of your playlists needs a name.",
  noCriteria: "You have not added any criteria for your playlist.",
  noCriteriaPlural: "You have not added any criteria for one or more of your playlists.",
  noMoreRoom: "You have no more room for playlists",
  noMoreRoomWizard:
    "You have no more room for additional combination playlists. Delete one to be able to create a new one.",
  subscriptionActive: "Your subscription is active",
  subscriptionBeingCancelled: "Your subscription will be cancelled at the end of the current term",
} as const;
