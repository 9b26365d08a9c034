// Every listener setting, declared once: its key (the store's field, the JSON field of the calls and documents),
// its spec name (as `GET /api/playlist-preferences/settings` lists it), its type and default, and the words the
// settings page shows. The schema's column (server/db/schema/playlists.ts), the store and the service, the calls'
// zod schemas, the settings page, the personal-data export and the choices document are all made from this list.
// A new boolean setting is an entry here, a migration adding its column (`npm run db:generate`) and the code that
// acts on it.

export interface SettingDeclaration {
  /** the name the spec's settings call lists it under */
  specName: string;
  type: "boolean";
  default: boolean;
  /** the settings page's switch */
  label: string;
  help: string;
  /** it shows on the listener's Spotify playlists: changing it brings them in line (settings/sync.ts) */
  showsOnSpotify: boolean;
}

export const listenerSettings = {
  createPlaylistsAsPrivate: {
    specName: "CreatePlaylistsAsPrivate",
    type: "boolean",
    default: false,
    label: "Hide playlists on Spotify profile.",
    help: "Your managed playlists are made private, so they do not show on your public Spotify profile.",
    showsOnSpotify: true,
  },
  removePlaylistPostfix: {
    specName: "RemovePlaylistPostfix",
    type: "boolean",
    default: false,
    label: "Remove 'Managed Playlist' postfix from playlist names.",
    help: "Playlists are called 'Rock' instead of 'Rock - Managed Playlist'. Playlists you renamed keep your name.",
    showsOnSpotify: true,
  },
  /** a recording (ISRC) liked from several releases goes into each playlist once; off unless asked for */
  addRecordingOnce: {
    specName: "AddRecordingOnce",
    type: "boolean",
    default: false,
    label: "Add a recording only once.",
    help: "A song you liked both as a single and on an album (or as a remaster) goes into each playlist once, the version you liked first. Songs already added stay.",
    showsOnSpotify: false,
  },
} as const satisfies Record<string, SettingDeclaration>;

export type SettingKey = keyof typeof listenerSettings;
export type SettingName = (typeof listenerSettings)[SettingKey]["specName"];

/** The keys in the order the page and the settings call list them. */
export const settingKeys = Object.keys(listenerSettings) as SettingKey[];

/** A listener's settings, every one of them. */
export type ListenerSettings = { [K in SettingKey]: boolean };

/** Each setting's value from `value` (a loop over the declaration that keeps the object's type). */
export function eachSetting(value: (key: SettingKey) => boolean): ListenerSettings {
  return Object.fromEntries(settingKeys.map((key) => [key, value(key)])) as ListenerSettings;
}

/** A listener who never changed a setting has these. */
export const defaultSettings: ListenerSettings = eachSetting((key) => listenerSettings[key].default);
