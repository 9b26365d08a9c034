// Emulated Spotify listeners and the likes they start with (a pure function of seed, id and count).
import {
  demoCuratorId,
  demoListeners as demoGuide,
  demoListenerEmail,
} from "../../../shared/self-hosting.ts";
import { createRng, hashText, mix } from "./random.ts";
import type { SameRecording } from "./recordings.ts";

export interface ListenerProfile {
  id: string;
  displayName: string;
  product: "free" | "premium";
  country: string;
  email: string;
  /** likes the listener starts with */
  initialLikes: number;
  /** seed of those likes */
  likesSeed: number;
  /** true for the built-in demo listeners */
  demo: boolean;
  /** recordings the listener liked twice, as a single and on its album (demo listeners) */
  recordingsLikedTwice?: number;
}

export interface Like {
  trackIndex: number;
  /** milliseconds since the epoch, whole seconds */
  addedAt: number;
}

/** Initial likes end here, so they lie in the past for any clock a test or demo uses. */
export const INITIAL_LIKES_END = Date.UTC(2026, 0, 10, 12, 0, 0);
const DAY = 86_400_000;

export function demoListeners(seed: number): ListenerProfile[] {
  const demo = (
    id: string,
    displayName: string,
    product: "free" | "premium",
    initialLikes: number,
    recordingsLikedTwice: number,
  ): ListenerProfile => ({
    id,
    displayName,
    product,
    country: "GB",
    email: demoListenerEmail(id),
    initialLikes,
    likesSeed: mix(seed, hashText(id)),
    demo: true,
    recordingsLikedTwice,
  });
  return [
    demo(demoGuide[0].id, "Robin Free", "free", 3_000, 12),
    demo(demoGuide[1].id, "Sam Premium", "premium", 10_600, 40),
    demo(demoGuide[2].id, "Alex Admin", "premium", 320, 4),
    demo(demoGuide[3].id, "Casey Ending", "free", 400, 4),
    demo(demoCuratorId, "Casey Curator", "free", 600, 4),
  ];
}

export function createdListener(
  id: string,
  likes: number,
  likesSeed: number,
  displayName?: string,
  product: "free" | "premium" = "free",
): ListenerProfile {
  return {
    id,
    displayName: displayName ?? id,
    product,
    country: "GB",
    email: `${id}@listeners.example`,
    initialLikes: likes,
    likesSeed,
    demo: false,
  };
}

/**
 * `count` distinct tracks liked at distinct seconds over several years (more years for bigger libraries),
 * newest first. `twice`: recordings liked both as the single and on the album, in place of other likes.
 */
export function initialLikes(
  likesSeed: number,
  count: number,
  trackCount: number,
  twice: readonly SameRecording[] = [],
): Like[] {
  const n = Math.max(0, Math.min(count, trackCount));
  const rng = createRng(likesSeed);
  const tracks = likeBothVersions(distinctSample(rng.next, n, trackCount), twice, mix(likesSeed, 0x15c));
  const years = Math.min(7, 1 + n / 1_500);
  const span = Math.round(years * 365 * DAY);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    // Denser towards the present, as libraries grow.
    times.push(INITIAL_LIKES_END - Math.floor(span * rng.next() ** 1.3));
  }
  times.sort((a, b) => b - a);
  const likes: Like[] = [];
  let previous = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const second = Math.floor((times[i] ?? 0) / 1000) * 1000;
    const addedAt = Math.min(second, previous - 1000);
    previous = addedAt;
    likes.push({ trackIndex: tracks[i] ?? 0, addedAt });
  }
  return likes;
}

/** Puts both tracks of each recording into the sample, each in place of a like no recording uses. */
function likeBothVersions(tracks: number[], twice: readonly SameRecording[], seed: number): number[] {
  const taken = new Set(tracks);
  const reserved = new Set<number>();
  const rng = createRng(seed);
  for (const { single, album } of twice) {
    if (tracks.length - reserved.size < 2) break;
    for (const trackIndex of [single, album]) {
      if (taken.has(trackIndex)) {
        reserved.add(tracks.indexOf(trackIndex));
        continue;
      }
      let slot = rng.int(0, tracks.length - 1);
      while (reserved.has(slot)) slot = (slot + 1) % tracks.length;
      taken.delete(tracks[slot] ?? -1);
      tracks[slot] = trackIndex;
      taken.add(trackIndex);
      reserved.add(slot);
    }
  }
  return tracks;
}

function distinctSample(random: () => number, n: number, size: number): number[] {
  if (n > size / 4) {
    const pool = new Int32Array(size);
    for (let i = 0; i < size; i++) pool[i] = i;
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (size - i));
      const picked = pool[j] ?? 0;
      pool[j] = pool[i] ?? 0;
      pool[i] = picked;
    }
    return Array.from(pool.subarray(0, n));
  }
  const chosen = new Set<number>();
  while (chosen.size < n) chosen.add(Math.floor(random() * size));
  return [...chosen];
}

export const toIsoSeconds = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;
