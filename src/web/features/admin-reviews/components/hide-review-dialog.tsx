import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { hideReviewSchema, type AdminReview } from '~/shared/schemas/reviews';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useModerateReview } from '../api/admin-reviews';
import { ratingSentence } from './rating-words';

type Input = z.input<typeof hideReviewSchema>;
type Output = z.output<typeof hideReviewSchema>;

/**
 * Hides a review from its product page and rating, with the reason (checked by the server's schema):
 * its author reads it on the product page; nobody else sees the review until it is shown again.
 */
export function HideReviewDialog({
  review,
  open,
  onOpenChange,
}: {
  review: AdminReview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const moderate = useModerateReview();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(hideReviewSchema), defaultValues: { reason: '' } });

  const change = (next: boolean) => {
    if (!next) {
      reset();
      setFormError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    moderate.mutate(
      { reviewId: review.id, action: 'hide', reason: values.reason },
      {
        onSuccess: (result) => {
          toast.success(`Review hidden. ${review.product.name} now has ${ratingSentence(result.productRating)}.`);
          change(false);
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, ['reason'])),
      },
    );
  });

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title="Hide this review"
      description={
        <>
          “{review.title}” by {review.author.name} ({review.rating} of 5 stars) leaves the page of {review.product.name} and its rating at
          once. You can show it again later.
        </>
      }
    >
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate aria-label="Hide this review">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextareaField
          label="Reason"
          hint="The customer who wrote it reads this on the product page, e.g. ‘Shares a phone number’ or ‘About delivery, not the product’."
          maxLength={300}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it shown</Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={moderate.isPending}>
            Hide review
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
