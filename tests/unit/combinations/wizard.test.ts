// The wizard's drafts: adding a filter to the last criterion appends an empty one (up to 20); removing a filter
// drops empty criteria that are not last and renumbers; names are cleaned as typed; what is sent.
import { describe, expect, test } from "bun:test";
import { visibleGenres } from "../../../src/client/pages/playlists/combinations/GenrePicker.tsx";
import { toRequest } from "../../../src/client/pages/playlists/combinations/rule-request.ts";
import {
  initialWizard,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from "../../../src/client/pages/playlists/combinations/wizard.ts";
import { validateDrafts } from "../../../src/shared/combinations/schema.ts";
import { messages } from "../../../src/shared/errors.ts";

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizard());
const criteriaOf = (state: WizardState, position = 0) => state.playlists[position]?.criteria ?? [];
const shape = (state: WizardState) =>
  criteriaOf(state).map((c) => [
    c.criterionNumber,
    [...c.genres, c.decade, c.mood, c.nationality].filter(Boolean),
  ]);

describe("criteria", () => {
  test("a new playlist has one empty criterion", () => {
    expect(shape(run())).toEqual([[1, []]]);
  });

  test("a filter on the last criterion appends an empty one; on an earlier one it does not", () => {
    const state = run(
      { type: "addGenre", key: 1, criterion: 0, genre: "Rock" },
      { type: "addGenre", key: 1, criterion: 0, genre: "Rap" },
      { type: "setPart", key: 1, criterion: 0, part: "decade", value: 2000 },
    );
    expect(shape(state)).toEqual([
      [1, ["Rock", "Rap", 2000]],
      [2, []],
    ]);
    const more = wizardReducer(state, {
      type: "setPart",
      key: 1,
      criterion: 1,
      part: "mood",
      value: "Chill",
    });
    expect(shape(more)).toEqual([
      [1, ["Rock", "Rap", 2000]],
      [2, ["Chill"]],
      [3, []],
    ]);
  });

  test("up to 20 criteria: filling the 20th appends nothing", () => {
    let state = initialWizard();
    for (let i = 0; i < 20; i++)
      state = wizardReducer(state, { type: "setPart", key: 1, criterion: i, part: "mood", value: "Party" });
    expect(criteriaOf(state)).toHaveLength(20);
    expect(criteriaOf(state).every((c) => c.mood === "Party")).toBe(true);
  });

  test("removing a filter drops the criteria it empties unless last, and renumbers", () => {
    const state = run(
      { type: "setPart", key: 1, criterion: 0, part: "mood", value: "Chill" },
      { type: "addGenre", key: 1, criterion: 1, genre: "Jazz" },
      { type: "setPart", key: 1, criterion: 2, part: "nationality", value: "Danish" },
    );
    expect(shape(state)).toEqual([
      [1, ["Chill"]],
      [2, ["Jazz"]],
      [3, ["Danish"]],
      [4, []],
    ]);
    const removed = wizardReducer(state, { type: "removeGenre", key: 1, criterion: 1, genre: "Jazz" });
    expect(shape(removed)).toEqual([
      [1, ["Chill"]],
      [2, ["Danish"]],
      [3, []],
    ]);
    const cleared = wizardReducer(removed, {
      type: "setPart",
      key: 1,
      criterion: 1,
      part: "nationality",
      value: null,
    });
    expect(shape(cleared)).toEqual([
      [1, ["Chill"]],
      [2, []],
    ]);
  });

  test("replacing a value neither adds nor removes a criterion", () => {
    const state = run({ type: "setPart", key: 1, criterion: 0, part: "decade", value: 1990 });
    const replaced = wizardReducer(state, {
      type: "setPart",
      key: 1,
      criterion: 0,
      part: "decade",
      value: 1980,
    });
    expect(shape(replaced)).toEqual([
      [1, [1980]],
      [2, []],
    ]);
  });

  test("at most 4 genres, each once", () => {
    const genres = ["Rock", "Rap", "Rock", "Jazz", "Pop", "Soul"];
    const state = run(
      ...genres.map((genre): WizardAction => ({ type: "addGenre", key: 1, criterion: 0, genre })),
    );
    expect(criteriaOf(state)[0]?.genres).toEqual(["Rock", "Rap", "Jazz", "Pop"]);
  });

  test("a whole criterion can be removed", () => {
    const state = run(
      { type: "setPart", key: 1, criterion: 0, part: "mood", value: "Chill" },
      { type: "setPart", key: 1, criterion: 1, part: "mood", value: "Party" },
      { type: "removeCriterion", key: 1, criterion: 0 },
    );
    expect(shape(state)).toEqual([
      [1, ["Party"]],
      [2, []],
    ]);
  });
});

describe("playlists and names", () => {
  test("playlists are added and removed; names are cleaned as typed", () => {
    const state = run(
      { type: "addPlaylist" },
      { type: "rename", key: 2, typed: "Rock & Roll!!" },
      { type: "removePlaylist", key: 1 },
    );
    expect(state.playlists.map((p) => [p.key, p.playlistName])).toEqual([[2, "Rock Roll"]]);
  });

  test("what is sent: trimmed names and only the criteria with filters", () => {
    const state = run(
      { type: "rename", key: 1, typed: "My Mix " },
      { type: "addGenre", key: 1, criterion: 0, genre: "indie rock" },
    );
    expect(toRequest(state)).toEqual([
      {
        playlistName: "My Mix",
        criteria: [
          { criterionNumber: 1, genres: ["indie rock"], decade: null, mood: null, nationality: null },
        ],
      },
    ]);
    expect(validateDrafts(toRequest(state), 0)).toBeNull();
    expect(validateDrafts(toRequest(run()), 0)).toBe(messages.playlistNeedsName);
    expect(validateDrafts(toRequest(run({ type: "rename", key: 1, typed: "Name" })), 0)).toBe(
      messages.noCriteria,
    );
    expect(validateDrafts(toRequest(run({ type: "removePlaylist", key: 1 })), 0)).toBe(
      messages.noPlaylistDefined,
    );
  });
});

describe("the genre list", () => {
  test("filters by any part of the name, any case, genres first, chosen ones left out", () => {
    const rock = visibleGenres("ROCK", ["Rock"]).map((o) => o.name);
    expect(rock[0]).not.toBe("Rock");
    expect(rock).toContain("indie rock");
    expect(rock.every((name) => name.toLowerCase().includes("rock"))).toBe(true);
    expect(visibleGenres("drum and bass", []).map((o) => `${o.name}:${o.kind}`)).toEqual([
      "Drum and Bass:genre",
      "drum and bass:subgenre",
    ]);
  });
});
