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
