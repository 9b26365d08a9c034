// The landing demo plays in CSS alone (DemoAnimation.tsx): each song's step, and what moves inside it, is a CSS
// animation of one cycle. An animation starts when its element is first styled, and a slow phone parses and styles
// a page in parts: songs styled later would step later, and two songs (or none) would show at once. The page's
// first script starts them all at the time of the first.

/** Gives every animation of the demo (if the page shows it) the start time of the earliest. */
export async function startDemoTogether(root: ParentNode = document): Promise<void> {
  const demo = root.querySelector("[data-demo]");
  if (!demo) return;
  const animations = demo.getAnimations({ subtree: true });
  // an animation waiting for its first frame has no start time yet
  await Promise.all(animations.map((animation) => animation.ready.catch(() => undefined)));
  const starts = animations.map((animation) => animation.startTime).filter((t) => typeof t === "number");
  if (starts.length === 0) return;
  const first = Math.min(...starts);
  for (const animation of animations)
    if (typeof animation.startTime === "number") animation.startTime = first;
}
