import { postUrgentTask } from './post-urgent-task';

/** How near the viewport, in viewports, Chromium lays out an element at `content-visibility: auto`. */
const NEAR = 1.5;

/**
 * Lays out those of `items` (elements at `content-visibility: auto`) near the viewport in a task of
 * their own, after the page around them, before the frame that paints them. The browser finds which
 * are near only in the frame (its lifecycle decides their relevance) and lays them out there, with
 * the rest of the page: the signed-in home page's frame when its tool cards came, 13-17 ms at full
 * speed (over 50 ms at Lighthouse's 4x). Near is as Chromium has it (`kViewportMarginPercentage`).
 * The items laid out here stay so (`content-visibility: visible`). Returns a cancel.
 */
export function layOutNearViewport(items: () => Iterable<HTMLElement>): () => void {
  let cancelItems = () => {};
  const cancelPage = postUrgentTask(() => {
    // The first size read lays the page out, the items skipped at their intrinsic size.
    const near = [...items()].filter((item) => {
      const { top, bottom } = item.getBoundingClientRect();
      return bottom > -innerHeight * NEAR && top < innerHeight * (1 + NEAR);
    });
    for (const item of near) item.style.setProperty('content-visibility', 'visible');
    const [first] = near;
    if (first) cancelItems = postUrgentTask(() => first.getBoundingClientRect());
  });
  return () => {
    cancelPage();
    cancelItems();
  };
}
