// The Playlists area's pages in one chunk: a listener who opens one of them fetches a few chunks, not one per set of
// pages sharing a module (routes/playlists.ts loads this module for every page of the area).
export { CombinationsPage } from "./CombinationsPage.tsx";
export { CombinationsSuccessPage } from "./combinations/CombinationsSuccessPage.tsx";
export { DistributionSuccessPage } from "./DistributionSuccessPage.tsx";
export { PlaylistsPage } from "./PlaylistsPage.tsx";
