// The shape of a Spotify id (a track, an artist, a playlist), as requests may name them.
import { z } from "zod";

export const spotifyIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,64}$/, "must be a Spotify id");
