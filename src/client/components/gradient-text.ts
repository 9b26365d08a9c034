/** The brand's gradient painted through the letters (the landing headline's highlight, the 404). */
export const gradientText = {
  bgGradient: "to-r",
  gradientFrom: "brand.400",
  gradientVia: "pink.400",
  gradientTo: "purple.400",
  bgClip: "text",
  color: "transparent",
} as const;
