// The wizard's drafts as whole rules: a stored rule opened for editing, the further parts of a criterion, the
// criteria that exclude, the arrangement, what is sent, and the rule in one plain sentence.
import { describe, expect, test } from "bun:test";
import {
  ruleSentence,
  toPreview,
  toRequest,
  toUpdate,
} from "../../../src/client/pages/playlists/combinations/rule-request.ts";
import {
  editingWizard,
  initialWizard,
  type PlaylistDraft,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from "../../../src/client/pages/playlists/combinations/wizard.ts";
import type { Criterion } from "../../../src/shared/combinations/rules.ts";

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizard());
const draftOf = (state: WizardState): PlaylistDraft => {
  const [draft] = state.playlists;
  if (!draft) throw new Error("no draft");
  return draft;
};
const criterion = (number: number, parts: Partial<Criterion>): Criterion => ({
  criterionNumber: number,
  genres: [],
  decade: null,
  mood: null,
  nationality: null,
  ...parts,
});

const rockOrRap: WizardAction[] = [
  { type: "addGenre", key: 1, criterion: 0, genre: "Rock" },
  { type: "addGenre", key: 1, criterion: 0, genre: "Rap" },
  { type: "setPart", key: 1, criterion: 0, part: "decade", value: 2000 },
];

describe("the plain sentence", () => {
  test("the issue's example: genres, decade, a rolling like window, newest first, a limit", () => {
    const draft = draftOf(
      run(
        ...rockOrRap,
        { type: "setPart", key: 1, criterion: 0, part: "liked", value: { withinDays: 90 } },
        { type: "setOrder", key: 1, order: "likedNewestFirst" },
        { type: "setLimit", key: 1, limit: 100 },
      ),
    );
    expect(ruleSentence(draft)).toBe(
      "Rock or Rap from the 2000s, liked in the last 90 days, newest first, at most 100 songs",
    );
  });

  test("nothing to say before a filter; criteria joined by or; what is left out; unliked songs leaving", () => {
    expect(ruleSentence(draftOf(run()))).toBe("");
    const draft = draftOf(
      run(
        { type: "addGenre", key: 1, criterion: 0, genre: "Rock" },
        { type: "setPart", key: 1, criterion: 0, part: "years", value: { from: 1994, to: 1999 } },
        { type: "setPart", key: 1, criterion: 1, part: "mood", value: "Chill" },
        { type: "setPart", key: 1, criterion: 0, list: "except", part: "nationality", value: "Danish" },
        { type: "setUnliked", key: 1, unliked: "remove" },
      ),
    );
    expect(ruleSentence(draft)).toBe(
      "(Rock, released 1994-1999) or Chill, except Danish, songs you unlike leave",
    );
  });

  test("artists read by the names the listener picked them by; tempo and days between", () => {
    const draft = draftOf(
      run(
        {
          type: "addArtist",
          key: 1,
          criterion: 0,
          artistId: "0OdUWJ0sBjDrqHygGUXeCF",
          name: "Band of Horses",
        },
        { type: "setPart", key: 1, criterion: 0, part: "tempo", value: { from: 120, to: null } },
        {
          type: "setPart",
          key: 1,
          criterion: 1,
          part: "liked",
          value: { from: "2025-06-01", to: "2025-08-31" },
        },
        { type: "setOrder", key: 1, order: "tempoFastestFirst" },
      ),
    );
    expect(ruleSentence(draft)).toBe(
      "(120 BPM or faster, by Band of Horses) or liked 2025-06-01 to 2025-08-31, fastest first",
    );
  });
});

describe("a playlist of the listener's", () => {
  test("picked by name: the id is sent, the sentence names it; no playlist takes the part away", () => {
    const picked = run(
      { type: "pickPlaylist", key: 1, criterion: 0, playlistId: "37i9dQZF1DX0XUsuxWHRQd", name: "Road Trip" },
      { type: "setPart", key: 1, criterion: 0, part: "decade", value: 1990 },
    );
    expect(toRequest(picked)[0]?.criteria).toEqual([
      criterion(1, { decade: 1990, inPlaylist: "37i9dQZF1DX0XUsuxWHRQd" }),
    ]);
    expect(ruleSentence(draftOf(picked))).toBe("From the 1990s, in your playlist 'Road Trip'");
    const none = wizardReducer(picked, {
      type: "pickPlaylist",
      key: 1,
      criterion: 0,
      playlistId: null,
    });
    expect(toRequest(none)[0]?.criteria).toEqual([criterion(1, { decade: 1990 })]);
  });

  test("a stored rule's names, looked up, name its artists and playlist; a name picked since is kept", () => {
    const stored = editingWizard({
      combinatorialPlaylistPreferenceId: "rule-2",
      playlistName: "Trip",
      criteria: [criterion(1, { artists: ["a1", "a2"], inPlaylist: "p1" })],
    });
    expect(ruleSentence(draftOf(stored))).not.toContain("Road Trip");
    const named = [
      { type: "addArtist", key: 1, criterion: 1, artistId: "a3", name: "Picked" },
      {
        type: "learnNames",
        key: 1,
        artists: { a1: "Alpha", a3: "Looked Up" },
        playlists: { p1: "Road Trip" },
      },
    ].reduce((s, a) => wizardReducer(s, a as WizardAction), stored);
    const draft = draftOf(named);
    expect(draft.artistNames).toEqual({ a1: "Alpha", a3: "Picked" });
    expect(ruleSentence(draft)).toContain("in your playlist 'Road Trip'");
    expect(ruleSentence(draft)).toContain("Alpha");
  });
});

describe("editing a stored rule", () => {
  const stored = {
    combinatorialPlaylistPreferenceId: "rule-1",
    playlistName: "Road Trip",
    criteria: [criterion(1, { genres: ["Rock"], years: { from: 1994, to: 1999 } })],
    except: [criterion(1, { mood: "Sad" })],
    order: "releasedNewestFirst" as const,
    limit: 50,
    unliked: "remove" as const,
  };

  test("opens with its parts and an empty criterion to add to, in both lists", () => {
    const draft = draftOf(editingWizard(stored));
    expect(draft.id).toBe("rule-1");
    expect(draft.criteria.map((c) => c.criterionNumber)).toEqual([1, 2]);
    expect(draft.except.map((c) => c.criterionNumber)).toEqual([1, 2]);
    expect(ruleSentence(draft)).toBe(
      "Rock, released 1994-1999, except Sad, newest release first, at most 50 songs, songs you unlike leave",
    );
  });

  test("the update carries every part, the defaults too; the preview names the rule", () => {
    const state = [
      { type: "setPart", key: 1, criterion: 0, list: "except", part: "mood", value: null },
      { type: "setOrder", key: 1, order: "liked" },
      { type: "setLimit", key: 1, limit: null },
      { type: "setUnliked", key: 1, unliked: "keep" },
      { type: "setPart", key: 1, criterion: 0, part: "years", value: null },
    ].reduce((s, a) => wizardReducer(s, a as WizardAction), editingWizard(stored));
    const draft = { ...draftOf(state), id: "rule-1" };
    expect(toUpdate(draft)).toEqual({
      id: "rule-1",
      playlistName: "Road Trip",
      criteria: [criterion(1, { genres: ["Rock"] })],
      except: [],
      order: "liked",
      limit: null,
      unliked: "keep",
    });
    expect(toPreview(draft)).toEqual({
      id: "rule-1",
      criteria: [criterion(1, { genres: ["Rock"] })],
      except: [],
      order: "liked",
      limit: null,
    });
    // a shuffle is seeded with the playlist's name: the preview shows the playlist's own shuffle
    expect(toPreview({ ...draft, order: "shuffleDaily" })).toMatchObject({
      playlistName: "Road Trip",
      order: "shuffleDaily",
    });
  });
});

describe("new playlists", () => {
  test("a draft of the spec's parts is sent in the spec's shape; further parts only when given", () => {
    const plain = run({ type: "rename", key: 1, typed: "Mix" }, ...rockOrRap);
    expect(toRequest(plain)).toEqual([
      { playlistName: "Mix", criteria: [criterion(1, { genres: ["Rock", "Rap"], decade: 2000 })] },
    ]);
    const more = [
      { type: "setPart", key: 1, criterion: 0, list: "except", part: "mood", value: "Sad" },
      { type: "setOrder", key: 1, order: "shuffleWeekly" },
      { type: "setLimit", key: 1, limit: 30 },
    ].reduce((s, a) => wizardReducer(s, a as WizardAction), plain);
    expect(toRequest(more)).toEqual([
      {
        playlistName: "Mix",
        criteria: [criterion(1, { genres: ["Rock", "Rap"], decade: 2000 })],
        except: [criterion(1, { mood: "Sad" })],
        order: "shuffleWeekly",
        limit: 30,
      },
    ]);
  });

  test("a range with both ends emptied, and the last artist removed, leave no part behind", () => {
    const state = run(
      { type: "setPart", key: 1, criterion: 0, part: "tempo", value: { from: 90, to: 100 } },
      { type: "addArtist", key: 1, criterion: 0, artistId: "a1", name: "A" },
      { type: "removeArtist", key: 1, criterion: 0, artistId: "a1" },
    );
    expect(draftOf(state).criteria).toEqual([
      criterion(1, { tempo: { from: 90, to: 100 } }),
      criterion(2, {}),
    ]);
    const cleared = wizardReducer(state, {
      type: "setPart",
      key: 1,
      criterion: 0,
      part: "tempo",
      value: null,
    });
    expect(draftOf(cleared).criteria).toEqual([criterion(1, {})]);
  });
});
