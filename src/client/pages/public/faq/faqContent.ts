import { messages } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { workLimits } from "../../../../shared/work-limits.ts";
import {
  type FaqItem,
  promise1,
  promise2,
  promise3,
  promise4,
  promise5,
  promise6,
  promise7,
  promise8,
} from "./faqPromises.ts";

export type { FaqItem };

export interface FaqSection {
  id: "subscription" | "playlists" | "errors";
  title: "Subscription" | "Playlists" | "Errors";
  items: FaqItem[];
}

export const faqSections: FaqSection[] = [
  {
    id: "subscription",
    title: "Subscription",
    items: [
      promise1,
      {
        question: "How is Premium billed?",
        answer:
          "Premium is billed once a year and renews automatically. Payment is handled by our reseller Paddle, who acts as merchant of record through a secure hosted checkout, so Crate never sees your card details.",
      },
      promise2,
      {
        question: "What happens to my playlists when Premium ends?",
        answer: `Premium playlists stay in your Spotify library but are no longer updated, and you can delete them. Your other playlists keep being updated with the first ${limits.freeConsideredSongs} liked songs.`,
      },
      {
        question: "Can the price change?",
        answer:
          "If the price of Premium changes, existing subscribers are told at least 30 days before the new price applies to them.",
      },
      {
        question: "No checkout window appears when I upgrade. Why?",
        answer: messages.noCheckoutPopup,
      },
      {
        question: "What is the legacy plan?",
        answer:
          "Listeners who joined before Premium existed keep a legacy plan with the same features they had then, including combination playlists, but without new Premium features. The legacy plan may be changed or removed in the future.",
      },
    ],
  },
  {
    id: "playlists",
    title: "Playlists",
    items: [
      promise3,
      promise4,
      {
        question: "Why is this song in this playlist?",
        answer:
          "Open the playlist from your Playlists page: every song shows the rule and the fact that placed it, with the fact's source and age (for example the artist's genres from MusicBrainz, a tempo from Deezer, or when you liked it). If a genre or country is wrong, you can correct the artist: your correction counts for your playlists only, and at the next update the artist's songs move into the playlists it qualifies them for and out of those it disqualifies them from. That is the only case in which Crate takes a song it placed out of a playlist that only grows.",
      },
      {
        question: "How do I keep a song out of a playlist?",
        answer: `On the playlist's page, choose a song and then 'Never this song here', or 'Never' followed by an artist's name for all their songs, now and later. The songs leave the Spotify playlist at once and stay out at every update; other playlists are not affected. The page lists what you keep out, with an undo, after which the songs return at their place in like order at the next update. Each exclusion, correction and undo updates your playlists on Spotify, so you can make up to ${workLimits.choicesPerWindow} of them in ${workLimits.choicesWindowMinutes} minutes; past that, wait a few minutes and go on.`,
      },
      promise5,
      promise6,
      promise7,
      {
        question: "How many playlists can I have?",
        answer: `Up to ${limits.freePlaylists} on Free and up to ${limits.premiumPlaylists} on Premium, plus up to ${limits.maxCombinations} combination playlists.`,
      },
      {
        question: "Can I make playlists by my own rules?",
        answer: `Yes, with Premium: a combination playlist is a rule you write. A criterion can ask for genres, a decade, a mood, a nationality, release years, a tempo in BPM, when you liked the song (in the last days, or between two days), artists, or being in one of your own Spotify playlists, and a song must fit all of its parts. A song that fits any one criterion belongs, unless it fits one of the criteria you leave out. You also choose the order on Spotify (as you liked them, newest first, by release, tempo or artist, or shuffled every day or week), at most how many songs it holds, and whether songs you unlike stay or leave. While you write or edit a rule, Crate shows it in one sentence and how many of your liked songs match it right now. Up to ${limits.maxCombinations} rules of up to ${limits.maxCriteria} criteria each.`,
      },
      {
        question: "What happens to a playlist when I edit its rule?",
        answer:
          "It follows at once: the songs Crate placed that no longer match leave it, and new matches join at their place in the rule's order. A song you removed from the playlist in Spotify stays out.",
      },
      {
        question: "My new playlists don't show up in Spotify. What now?",
        answer:
          "The Spotify app sometimes needs a restart before new playlists appear. A combination playlist appears only once at least one of your songs matches its criteria.",
      },
      {
        question: "Can I keep my playlists off my Spotify profile?",
        answer:
          "Yes. In Settings you can hide playlists on your Spotify profile and remove the 'Managed Playlist' postfix from their names.",
      },
    ],
  },
  {
    id: "errors",
    title: "Errors",
    items: [
      promise8,
      {
        question: "It says Spotify appears to have issues. What should I do?",
        answer: `${messages.progressFailure} Nothing is lost: songs that were not added yet are added on the next try.`,
      },
      {
        question: "Why can I only update playlists every 30 seconds?",
        answer:
          "Creating playlists is limited to once every 30 seconds and starting an analysis to once every 20 seconds, so Spotify's limits are not exceeded for everyone.",
      },
      {
        question: "I deleted my data and signed in again, and nothing is created.",
        answer:
          "After you delete your data and sign in again, playlists cannot be created for two minutes. Wait a little and try again.",
      },
      {
        question: "Crate says no more users can join today.",
        answer: `${messages.noCapacity} Please come back tomorrow.`,
      },
      {
        question: "My mood or tempo playlists stay empty.",
        answer:
          "Mood and tempo are worked out from audio features that Spotify provides for each song. When Spotify does not provide them, those playlists cannot be filled, and Crate says so instead of guessing.",
      },
    ],
  },
];
