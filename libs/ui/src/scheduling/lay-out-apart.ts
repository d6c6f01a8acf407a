import { postUrgentTask } from './post-urgent-task';

/**
 * Lays out a just-rendered `element`'s content in a task of its own, after the page around it: the
 * page first (its content skipped, `content-visibility: hidden`), then the content. Each in an urgent
 * task, before the frame that paints them, so nothing is seen half laid out; should the frame come
 * first, it shows the content and lays it all out itself, as without this. A page's first layout
 * was one task with its table: Manage All Orders' 10-15 ms at full speed after a click (40-60 at
 * Lighthouse's 4x), 6-10 ms in the larger of two. Returns a cleanup.
 */
export function layOutApart(element: HTMLElement): () => void {
  const show = () => element.style.removeProperty('content-visibility');
  element.style.setProperty('content-visibility', 'hidden');
  let cancelContent = () => {};
  const cancelPage = postUrgentTask(() => {
    element.getBoundingClientRect();
    cancelContent = postUrgentTask(() => {
      show();
      element.getBoundingClientRect();
    });
  });
  const frame = requestAnimationFrame(show);
  return () => {
    cancelPage();
    cancelContent();
    cancelAnimationFrame(frame);
    show();
  };
}
