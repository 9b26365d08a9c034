// A listener setting is declared once (src/shared/settings.ts): its column, the store, the settings call, its
// input schema, the choices document and the personal-data export all follow that one list.
import { describe, expect, test } from "bun:test";
import { profileOf } from "../../../src/server/account/personal-data-profile.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { readSettings, toSettingsResponse, writeSettings } from "../../../src/server/settings/store.ts";
import { ChoicesDocumentSchema } from "../../../src/shared/schemas/explain.ts";
import { UpdateSettingsSchema } from "../../../src/shared/schemas/settings.ts";
import { defaultSettings, listenerSettings, settingKeys } from "../../../src/shared/settings.ts";
import { createUser } from "../../support/factories.ts";

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe("the listener settings, declared once", () => {
  test("each declared setting has its column, with its default, in the migrated database", () => {
    const { sqlite, close } = openDatabase(":memory:");
    const columns = sqlite.query("PRAGMA table_info(user_settings)").all() as {
      name: string;
      dflt_value: string | null;
      notnull: number;
    }[];
    for (const key of settingKeys) {
      const column = columns.find((c) => c.name === snake(key));
      expect({ key, notNull: column?.notnull, byDefault: column?.dflt_value }).toEqual({
        key,
        notNull: 1,
        byDefault: listenerSettings[key].default ? "true" : "false",
      });
    }
    expect(columns.map((c) => c.name).sort()).toEqual(["user_id", ...settingKeys.map(snake)].sort());
    close();
  });

  test("each is stored and read back, answered under its spec name, and kept by a change of the others", () => {
    const { db, close } = openDatabase(":memory:");
    createUser(db, { id: "u" });
    expect(readSettings(db, "u")).toEqual(defaultSettings);
    for (const key of settingKeys) {
      writeSettings(db, "u", { ...readSettings(db, "u"), [key]: !defaultSettings[key] });
      expect(readSettings(db, "u")[key]).toBe(!defaultSettings[key]);
    }
    const answer = toSettingsResponse(readSettings(db, "u"));
    expect(answer.settings).toEqual(
      settingKeys.map((key) => ({ name: listenerSettings[key].specName, value: !defaultSettings[key] })),
    );
    close();
  });

  test("the settings call takes each of them alone and refuses an unknown one", () => {
    for (const key of settingKeys) expect(UpdateSettingsSchema.safeParse({ [key]: true }).success).toBe(true);
    expect(UpdateSettingsSchema.safeParse({ notASetting: true }).success).toBe(false);
  });

  test("the choices document carries every setting, and the personal-data export lists every one", () => {
    const document = {
      selection: [],
      combinations: [],
      exclusions: [],
      corrections: [],
      settings: defaultSettings,
    };
    const parsed = ChoicesDocumentSchema.safeParse({ version: 1, ...document });
    expect(parsed.success ? Object.keys(parsed.data.settings).sort() : parsed.error.message).toEqual(
      [...settingKeys].sort(),
    );
    const { db, close } = openDatabase(":memory:");
    createUser(db, { id: "u" });
    expect(Object.keys(profileOf(db, "u")?.settings ?? {}).sort()).toEqual([...settingKeys].sort());
    close();
  });
});
