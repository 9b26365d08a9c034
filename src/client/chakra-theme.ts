// The parts of Chakra's default theme, one module each (tsconfig `paths`: `@chakra-theme/*` is the package's theme
// folder). Its `@chakra-ui/react/theme` entry cannot be tree-shaken: importing one recipe from there brings all 75.
import { breakpoints } from "@chakra-theme/breakpoints";
import { globalCss } from "@chakra-theme/global-css";
import { layerStyles } from "@chakra-theme/layer-styles";
import { animationStyles } from "@chakra-theme/motion-styles";
import { accordionSlotRecipe } from "@chakra-theme/recipes/accordion";
import { alertSlotRecipe } from "@chakra-theme/recipes/alert";
import { badgeRecipe } from "@chakra-theme/recipes/badge";
import { buttonRecipe } from "@chakra-theme/recipes/button";
import { cardSlotRecipe } from "@chakra-theme/recipes/card";
import { checkboxSlotRecipe } from "@chakra-theme/recipes/checkbox";
import { checkmarkRecipe } from "@chakra-theme/recipes/checkmark";
import { containerRecipe } from "@chakra-theme/recipes/container";
import { dataListSlotRecipe } from "@chakra-theme/recipes/data-list";
import { dialogSlotRecipe } from "@chakra-theme/recipes/dialog";
import { drawerSlotRecipe } from "@chakra-theme/recipes/drawer";
import { fieldSlotRecipe } from "@chakra-theme/recipes/field";
import { headingRecipe } from "@chakra-theme/recipes/heading";
import { iconRecipe } from "@chakra-theme/recipes/icon";
import { inputRecipe } from "@chakra-theme/recipes/input";
import { inputAddonRecipe } from "@chakra-theme/recipes/input-addon";
import { linkRecipe } from "@chakra-theme/recipes/link";
import { listSlotRecipe } from "@chakra-theme/recipes/list";
import { nativeSelectSlotRecipe } from "@chakra-theme/recipes/native-select";
import { progressSlotRecipe } from "@chakra-theme/recipes/progress";
import { separatorRecipe } from "@chakra-theme/recipes/separator";
import { skeletonRecipe } from "@chakra-theme/recipes/skeleton";
import { spinnerRecipe } from "@chakra-theme/recipes/spinner";
import { statSlotRecipe } from "@chakra-theme/recipes/stat";
import { switchSlotRecipe } from "@chakra-theme/recipes/switch";
import { tableSlotRecipe } from "@chakra-theme/recipes/table";
import { tagSlotRecipe } from "@chakra-theme/recipes/tag";
import { textareaRecipe } from "@chakra-theme/recipes/textarea";
import { toastSlotRecipe } from "@chakra-theme/recipes/toast";
import { semanticColors } from "@chakra-theme/semantic-tokens/colors";
import { semanticRadii } from "@chakra-theme/semantic-tokens/radii";
import { semanticShadows } from "@chakra-theme/semantic-tokens/shadows";
import { textStyles } from "@chakra-theme/text-styles";
import { animations } from "@chakra-theme/tokens/animations";
import { aspectRatios } from "@chakra-theme/tokens/aspect-ratios";
import { blurs } from "@chakra-theme/tokens/blurs";
import { borders } from "@chakra-theme/tokens/borders";
import { colors } from "@chakra-theme/tokens/colors";
import { cursor } from "@chakra-theme/tokens/cursor";
import { durations } from "@chakra-theme/tokens/durations";
import { easings } from "@chakra-theme/tokens/easings";
import { fontSizes } from "@chakra-theme/tokens/font-sizes";
import { fontWeights } from "@chakra-theme/tokens/font-weights";
import { fonts } from "@chakra-theme/tokens/fonts";
import { keyframes } from "@chakra-theme/tokens/keyframes";
import { letterSpacings } from "@chakra-theme/tokens/letter-spacing";
import { lineHeights } from "@chakra-theme/tokens/line-heights";
import { radii } from "@chakra-theme/tokens/radius";
import { sizes } from "@chakra-theme/tokens/sizes";
import { spacing } from "@chakra-theme/tokens/spacing";
import { zIndices } from "@chakra-theme/tokens/z-indices";
import { defineConfig } from "@chakra-ui/react";

/**
 * Chakra's default theme (what `defaultConfig` adds to `defaultBaseConfig`) with only the recipes of the components
 * Crate uses: all of them are about a fifth of every page's script. A component whose recipe is missing renders
 * unstyled, so `tests/unit/client/chakra-recipes.test.ts` checks that every recipe the bundled Chakra components
 * ask for is here.
 */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: "chakra",
  cssVarsRoot: ":where(html, .chakra-theme)",
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});
