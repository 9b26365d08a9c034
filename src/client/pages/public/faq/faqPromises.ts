// The FAQ's promises, also shown on the landing page: a module of their own, so the landing page does not carry
// the whole FAQ (and the error texts it quotes).
import { freePlanTexts } from "../../../../shared/free-plan.ts";
import { limits } from "../../../../shared/limits.ts";

export interface FaqItem {
  question: string;
  answer: string;
  /** one of the promises also shown on the landing page */
  promise?: boolean;
}

const capacity = limits.playlistCapacity.toLocaleString("en-US");

export const promise1: FaqItem = {
  question: "What does Crate cost?",
  answer: `The Free plan costs nothing. It keeps up to ${limits.freePlaylists} playlists up to date and considers ${freePlanTexts.which}. Premium is a yearly subscription: up to ${limits.premiumPlaylists} playlists, all of your liked songs, every playlist kind and combination playlists. The price in your currency is shown on the Plans page.`,
  promise: true,
};

export const promise2: FaqItem = {
  question: "How do I cancel?",
  answer: `Open Plans and choose Cancel subscription. Cancel at least ${limits.cancelNoticeHours} hours before the next billing date to stop the next charge. You keep Premium until the end of the period you have paid for, and you can re-activate the subscription until then.`,
  promise: true,
};

export const promise3: FaqItem = {
  question: "How often are my playlists updated?",
  answer:
    "Crate checks your liked songs about every hour and adds new songs to every playlist they belong in. You don't have to do anything after choosing your playlists.",
  promise: true,
};

export const promise4: FaqItem = {
  question: "If I remove a song from a playlist, will Crate add it again?",
  answer:
    "No. A song you remove from a managed playlist stays removed; Crate never adds it to that playlist again.",
  promise: true,
};

export const promise5: FaqItem = {
  question: "If I unlike a song, is it removed from my playlists?",
  answer:
    "No. Songs you unlike stay in the playlists they were added to. Only the rolling playlists (Latest Liked Songs and the random ones) change their songs by themselves.",
  promise: true,
};

export const promise6: FaqItem = {
  question: "What happens when a playlist gets very big?",
  answer: `A playlist holds at most ${capacity} songs. When it is full, Crate continues in a numbered extra playlist: Everything, Everything 2, and so on. Spotify's own limit of about ${capacity} songs per playlist is not documented, so Crate stays safely within it.`,
  promise: true,
};

export const promise7: FaqItem = {
  question: "Can I rename my playlists or put them in folders?",
  answer:
    "Yes. Rename them, move them into folders or change their cover in Spotify; Crate keeps updating them all the same.",
  promise: true,
};

export const promise8: FaqItem = {
  question: "I have a very large library and updating fails. Why?",
  answer:
    "Listeners with about 20000 or more liked songs run into a failure on Spotify's side when their library is read. This is a limit of Spotify that Crate cannot work around.",
  promise: true,
};

export const faqPromises: FaqItem[] = [
  promise1,
  promise2,
  promise3,
  promise4,
  promise5,
  promise6,
  promise7,
  promise8,
];
