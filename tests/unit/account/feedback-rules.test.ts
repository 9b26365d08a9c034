import { describe, expect, test } from "bun:test";
import { droppedFromFeedback, FeedbackSchema, filterFeedback } from "../../../src/shared/schemas/feedback.ts";

describe("feedback as typed", () => {
  test("keeps letters of any script, digits, space and . , ? ! -", () => {
    expect(filterFeedback("Great app, thanks! Could it do 2000s-rock? Yes.")).toBe(
      "Great app, thanks! Could it do 2000s-rock? Yes.",
    );
    expect(filterFeedback("Åse, Ærø og Øster-Brønderslev")).toBe("Åse, Ærø og Øster-Brønderslev");
    expect(filterFeedback("日本語のフィードバック")).toBe("日本語のフィードバック");
  });

  test("drops every other character", () => {
    expect(filterFeedback("<script>alert('x')</script>")).toBe("scriptalertxscript");
    expect(filterFeedback("a@b.c #1 $5 100% 🎵\n\tnew")).toBe("ab.c 1 5 100 new");
  });

  test("cuts at 200 characters, counting characters not UTF-16 units", () => {
    expect(filterFeedback("a".repeat(250))).toHaveLength(200);
    const wide = "𠀀".repeat(201);
    expect([...filterFeedback(wide)]).toHaveLength(200);
  });
});

describe("feedback on the server", () => {
  const parse = (feedback: unknown) => FeedbackSchema.safeParse({ feedback });

  test("accepts an ordinary message", () => {
    expect(parse("Love it. More decades, please!").success).toBe(true);
    expect(parse("x".repeat(200)).success).toBe(true);
  });

  test("refuses empty, blank, too long and other characters", () => {
    expect(parse("").success).toBe(false);
    expect(parse("   ").success).toBe(false);
    expect(parse("x".repeat(201)).success).toBe(false);
    expect(parse("hello <b>").success).toBe(false);
    expect(parse("line\nbreak").success).toBe(false);
    expect(parse(42).success).toBe(false);
    expect(FeedbackSchema.safeParse({}).success).toBe(false);
  });

  test("what the client filter produces, the server accepts", () => {
    for (const typed of ["héllo wörld!!", "a<b>c", "   -   ok", "🎵🎵 songs 🎵"]) {
      const filtered = filterFeedback(typed);
      if (filtered.trim() !== "") expect(parse(filtered).success).toBe(true);
    }
  });
});

describe("what the feedback box says it left out", () => {
  test("each character it drops, once, in the order typed; nothing when all is kept", () => {
    expect(droppedFromFeedback("Great <app> 🎵 100% yes!<")).toEqual(["<", ">", "🎵", "%"]);
    expect(droppedFromFeedback("Åse, 2024? Ja - tak!")).toEqual([]);
  });
});
