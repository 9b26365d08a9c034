// Responses of the combination calls.

/** `POST /api/distributor/combinatorial`: the distribution that creates the playlists. */
export interface CreateCombinationsResponse {
  distributionProgressId: string;
}

/** `DELETE /api/distributor/combinatorial/{id}`. */
export interface DeleteCombinationResponse {
  /** progress of the deletions on Spotify; null when nothing had to be deleted there */
  distributionProgressId: string | null;
  /** the Spotify names of the playlists being deleted */
  removedPlaylistNames: string[];
}

/** One song of a rule's preview. */
export interface PreviewSong {
  trackId: string;
  name: string;
  artists: { id: string; name: string }[];
  /** when the listener liked it (ISO time) */
  likedAt: string | null;
}

/**
 * `POST /api/distributor/combinatorial/preview`: how many songs the rule would hold now, and the first of them
 * (at most `limits.rules.previewSongs`) in its order.
 */
export interface RulePreview {
  total: number;
  songs: PreviewSong[];
}
