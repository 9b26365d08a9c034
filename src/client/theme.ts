import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import { dialogAnatomy, drawerAnatomy } from "@chakra-ui/react/anatomy";
import { limits } from "../shared/limits.ts";
import { chakraTheme } from "./chakra-theme.ts";

// Crate's look: a dark, slightly violet "ink" background with a warm tangerine accent (the wood of a record
// crate) and a violet second colour. The app always renders in dark mode (index.html sets class="dark").
// the first is a local font sized to the UI font's metrics (server/static/fonts.ts), so its swap moves little
const fallbackFonts = `"Plus Jakarta Sans Fallback", -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif`;

// The landing demo plays in CSS alone, from the first paint, with no script (DemoAnimation.tsx): every song is
// shown for one step of the cycle, and the animations inside a song repeat with the cycle. A keyframe at `ms`
// into the cycle:
const demoCycleMs = limits.demoAdvanceMs * limits.demoSongCount;
const intoCycle = (ms: number) => `${((ms / demoCycleMs) * 100).toFixed(3)}%`;
const still = { transform: "none" };

const config = defineConfig({
  globalCss: {
    "html, body": { bg: "bg", color: "fg", minHeight: "100%" },
    "#root": { minHeight: "100dvh", display: "flex", flexDirection: "column" },
    a: { textUnderlineOffset: "3px" },
    // Visitors who ask for less motion get the landing demo's end states without the fades and rises.
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
      },
    },
    // ... but the demo still steps from song to song (a step is no motion)
    "[data-demo-step], [data-demo-step]::after": {
      _motionReduce: {
        animationDuration: `${demoCycleMs}ms !important`,
        animationIterationCount: "infinite !important",
      },
    },
    // A song's elements take no transition: the duration above applies to every property (`all` unless an element
    // names its own), and when the steps were shown by visibility, which the elements inherit, the song before
    // stayed visible until a transition started, frames later on a busy phone: two songs at once.
    "[data-demo-step] *": { transitionProperty: "none !important" },
  },
  theme: {
    // Overlays stand out from the dark page: a deeper, blurred backdrop and a bordered panel.
    slotRecipes: {
      dialog: {
        slots: dialogAnatomy.keys(),
        base: {
          backdrop: { bg: "blackAlpha.700", backdropFilter: "blur(4px)" },
          content: { borderWidth: "1px", borderColor: "border", bg: "bg.panel" },
        },
      },
      drawer: {
        slots: drawerAnatomy.keys(),
        base: {
          backdrop: { bg: "blackAlpha.700", backdropFilter: "blur(4px)" },
          content: { borderColor: "border", bg: "bg.panel" },
        },
      },
    },
    keyframes: {
      // No fade anywhere: text that is half transparent while it rises fails a contrast check taken at that
      // moment. Only transform moves, so the browser animates on the compositor.
      crateFlow: {
        from: { transform: "translateY(-12px)" },
        to: { transform: "translateY(0)" },
      },
      // the demo's cycle: a song is shown for its step, by opacity in steps (no fade), which the compositor runs
      crateDemoStep: {
        "0%": { opacity: 1 },
        [intoCycle(limits.demoAdvanceMs)]: { opacity: 0 },
        "100%": { opacity: 0 },
      },
      crateDemoRise: {
        "0%": { transform: "translateY(14px) scale(0.98)" },
        [intoCycle(500)]: still,
        "100%": still,
      },
      // a playlist rises, then stands out: one animation, so the compositor can run it
      crateDemoChip: {
        "0%": { transform: "translateY(14px) scale(0.98)" },
        [intoCycle(350)]: still,
        [intoCycle(590)]: { transform: "scale(1.04)" },
        [intoCycle(950)]: still,
        "100%": still,
      },
      // the step's timer, shared by the songs: it fills once a step
      crateDemoTimer: {
        from: { transform: "scaleX(0)" },
        to: { transform: "scaleX(1)" },
      },
    },
    tokens: {
      fonts: {
        heading: { value: `"Plus Jakarta Sans Variable", ${fallbackFonts}` },
        body: { value: `"Plus Jakarta Sans Variable", ${fallbackFonts}` },
      },
      colors: {
        brand: {
          50: { value: "#fff4ed" },
          100: { value: "#ffe5d3" },
          200: { value: "#ffc7a5" },
          300: { value: "#ffa06d" },
          400: { value: "#ff7a3f" },
          500: { value: "#fe5a1a" },
          600: { value: "#ef400f" },
          700: { value: "#c62e0f" },
          800: { value: "#9d2715" },
          900: { value: "#7e2314" },
          950: { value: "#440e08" },
        },
        ink: {
          50: { value: "#f6f5fa" },
          100: { value: "#ecebf3" },
          200: { value: "#d6d4e3" },
          300: { value: "#b2aec8" },
          400: { value: "#8a85a6" },
          500: { value: "#6b6689" },
          600: { value: "#4f4a6b" },
          700: { value: "#37334d" },
          800: { value: "#25223a" },
          850: { value: "#1b1829" },
          900: { value: "#14121f" },
          950: { value: "#0c0a14" },
        },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: { value: { _light: "{colors.white}", _dark: "{colors.ink.950}" } },
          subtle: { value: { _light: "{colors.ink.50}", _dark: "{colors.ink.900}" } },
          muted: { value: { _light: "{colors.ink.100}", _dark: "{colors.ink.850}" } },
          emphasized: { value: { _light: "{colors.ink.200}", _dark: "{colors.ink.800}" } },
          panel: { value: { _light: "{colors.white}", _dark: "{colors.ink.900}" } },
        },
        fg: {
          DEFAULT: { value: { _light: "{colors.ink.950}", _dark: "{colors.ink.50}" } },
          muted: { value: { _light: "{colors.ink.600}", _dark: "{colors.ink.300}" } },
          subtle: { value: { _light: "{colors.ink.400}", _dark: "{colors.ink.400}" } },
        },
        border: {
          DEFAULT: { value: { _light: "{colors.ink.200}", _dark: "{colors.ink.800}" } },
          muted: { value: { _light: "{colors.ink.100}", _dark: "{colors.ink.850}" } },
          subtle: { value: { _light: "{colors.ink.50}", _dark: "{colors.ink.900}" } },
          emphasized: { value: { _light: "{colors.ink.300}", _dark: "{colors.ink.700}" } },
        },
        brand: {
          contrast: { value: { _light: "white", _dark: "white" } },
          fg: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.300}" } },
          subtle: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.950}" } },
          muted: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.900}" } },
          emphasized: { value: { _light: "{colors.brand.300}", _dark: "{colors.brand.800}" } },
          // white on the solid accent must reach 4.5:1 (WCAG AA): brand.700 does, brand.500 does not (3.1:1)
          solid: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.700}" } },
          focusRing: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.400}" } },
          border: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.400}" } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
