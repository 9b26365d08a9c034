import { describe, expect, test } from "bun:test";
import { errorCodeOf } from "../../../src/client/api/errors.ts";
import { isSelected, mainNav } from "../../../src/client/components/navigation.ts";
import { firstSegment } from "../../../src/client/hooks/useScrollToTopOnSection.ts";
import { ChunkTimeoutError, lazyPage, withTimeout } from "../../../src/client/lib/lazyPage.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { limits } from "../../../src/shared/limits.ts";

describe("chunk timeout", () => {
  test("a chunk that arrives in time is passed through", async () => {
    await expect(withTimeout(Promise.resolve("page"), 50)).resolves.toBe("page");
  });

  test("a chunk that does not arrive in time fails with ChunkTimeoutError", async () => {
    const never = new Promise<string>(() => {});
    const error = await withTimeout(never, 20).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkTimeoutError);
  });

  test("a failed chunk keeps its own error", async () => {
    const error = await withTimeout(Promise.reject(new TypeError("network")), 50).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TypeError);
  });

  test("the limit is the spec's 120 seconds", () => {
    expect(limits.chunkTimeoutMs).toBe(120_000);
  });
});

const PreloadedPage = () => null;

describe("page preload", () => {
  test("a page's chunk is fetched once however often it is preloaded, and again after a failure", async () => {
    let fetches = 0;
    let fail = true;
    const page = lazyPage(
      async () => {
        fetches++;
        if (fail) throw new TypeError("network");
        return { Page: PreloadedPage };
      },
      (m) => m.Page,
    );
    page.preload();
    page.preload();
    expect(fetches).toBe(1);
    await Bun.sleep(0);
    fail = false;
    page.preload();
    page.preload();
    expect(fetches).toBe(2);
  });
});

describe("errorCodeOf", () => {
  test("reads the errorCode tRPC puts in error.data", () => {
    expect(errorCodeOf({ data: { code: "CONFLICT", httpStatus: 409, errorCode: 18 } })).toBe(18);
  });

  test("reads a REST failure body", () => {
    expect(errorCodeOf({ error: "Too many", errorCode: 28 })).toBe(28);
  });

  test("anything without a code is the unknown error", () => {
    expect(errorCodeOf(new Error("Failed to fetch"))).toBe(ErrorCode.Unknown);
    expect(errorCodeOf({ data: null })).toBe(ErrorCode.Unknown);
    expect(errorCodeOf(undefined)).toBe(ErrorCode.Unknown);
  });
});

describe("header selection and sections", () => {
  const selected = (path: string) =>
    mainNav.filter((item) => isSelected(item, path)).map((item) => item.label);

  test("Playlists is selected on the empty path and below /playlists", () => {
    expect(selected("/")).toEqual(["Playlists"]);
    expect(selected("/playlists/combinations")).toEqual(["Playlists"]);
    expect(selected("/plans/success")).toEqual(["Plans"]);
    expect(selected("/faq")).toEqual(["FAQ"]);
    expect(selected("/policies/terms")).toEqual([]);
  });

  test("the first path segment decides when the page scrolls to the top", () => {
    expect(firstSegment("/")).toBe("");
    expect(firstSegment("/policies/terms")).toBe("policies");
    expect(firstSegment("/policies/licenses")).toBe(firstSegment("/policies"));
  });
});
