import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '@toolshop/auth';
import { Button, Field, Stars } from '@toolshop/ui';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_OPINION_MAX_LENGTH,
  validateReview,
} from '@toolshop/contracts';
import { useTabDraft } from '../../lib/tab-draft';
import { useAddReview } from './api/add-review';
import styles from './reviews.module.css';

type Errors = ReturnType<typeof validateReview>;

const emptyReview = () => ({ toolId: '', rating: '', opinion: '' });

/** A product the customer bought, to review. */
export interface ReviewableTool {
  toolId: string;
  name: string;
}

/**
 * Rating and opinion, checked with the spec's rules before anything is sent; the user's list
 * refreshes itself. Optionally the tool reviewed, one of those the customer bought (`tools`).
 */
export function ReviewForm({
  onAdded,
  tools = [],
}: {
  onAdded?: () => void;
  tools?: readonly ReviewableTool[];
}) {
  const id = useId();
  // Kept for the tab while the customer signs in again or goes Back and Forward.
  const email = useAuth((s) => s.user?.email ?? '');
  const draft = useTabDraft('review', email, emptyReview);
  const { toolId, rating, opinion } = draft.values;
  const setToolId = (value: string) => draft.change((d) => ({ ...d, toolId: value }));
  const setRating = (value: string) => draft.change((d) => ({ ...d, rating: value }));
  const setOpinion = (value: string) => draft.change((d) => ({ ...d, opinion: value }));
  const [errors, setErrors] = useState<Errors>({});
  const [posted, setPosted] = useState(false);
  const postedNote = useRef<HTMLParagraphElement>(null);
  const addReview = useAddReview();
  const sending = addReview.isPending;

  // The result of "Post review" takes the focus (and the scroll), so it is what is seen and read next.
  useEffect(() => {
    if (posted) postedNote.current?.focus();
  }, [posted]);

  const review = {
    rating: rating.trim() === '' ? Number.NaN : Number(rating),
    opinion: opinion.trim(),
  };
  const ratingPreview = validateReview(review).rating ? 0 : review.rating;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPosted(false);
    const found = validateReview(review);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Focus goes to the first field to fix, in the form's order.
      const invalid = found.rating ? 'rating' : 'opinion';
      const control = event.currentTarget.elements.namedItem(invalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    // A kept tool counts only while it is one of those offered.
    const about = tools.some((tool) => tool.toolId === toolId) ? toolId : '';
    addReview.mutate(about ? { ...review, toolId: about } : review, {
      onSuccess: () => {
        setToolId('');
        setRating('');
        setOpinion('');
        draft.forget();
        setPosted(true);
        onAdded?.();
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a review">
      {tools.length > 0 && (
        <div className={styles.toolPick}>
          <label htmlFor={`${id}-tool`}>Tool you bought (optional)</label>
          <select
            id={`${id}-tool`}
            name="toolId"
            value={toolId}
            onChange={(event) => setToolId(event.target.value)}
          >
            <option value="">The shop in general</option>
            {tools.map((tool) => (
              <option key={tool.toolId} value={tool.toolId}>
                {tool.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.ratingRow}>
        <Field
          label={`Rating (${RATING_MIN} to ${RATING_MAX})`}
          name="rating"
          type="number"
          inputMode="numeric"
          min={RATING_MIN}
          max={RATING_MAX}
          step={1}
          value={rating}
          error={errors.rating}
          onChange={(event) => setRating(event.target.value)}
        />
        <div className={styles.ratingPreview} aria-hidden="true">
          <Stars rating={ratingPreview} />
        </div>
      </div>
      <Field
        label="Your opinion"
        name="opinion"
        as="textarea"
        rows={5}
        maxLength={REVIEW_OPINION_MAX_LENGTH}
        value={opinion}
        error={errors.opinion}
        hint={`${opinion.length}/${REVIEW_OPINION_MAX_LENGTH} characters`}
        onChange={(event) => setOpinion(event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Posting…' : 'Post review'}
        </Button>
      </div>
      {posted && (
        <p ref={postedNote} tabIndex={-1} role="status" className={styles.posted}>
          Your review is posted. <a href="#my-reviews-title">See it under “Your reviews”</a>.
        </p>
      )}
    </form>
  );
}
