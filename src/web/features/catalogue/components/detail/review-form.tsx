import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reviewInputSchema } from '~/shared/schemas/reviews';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert } from '~/web/components/ui/feedback';
import { TextareaField, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useWriteReview } from '../../api/review-queries';

// The review form with its validation (react-hook-form and zod): loaded when a customer opens it, not
// with the product page (decision 29).

type Input = z.input<typeof reviewInputSchema>;
type Output = z.output<typeof reviewInputSchema>;

const FIELDS = ['rating', 'title', 'body'] as const;
const STARS = [1, 2, 3, 4, 5] as const;
const starLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

export function ReviewForm({
  productId,
  userId,
  onCancel,
  onDone,
}: {
  productId: string;
  userId: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const writing = useWriteReview(productId, userId);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { title: '', body: '' },
  });

  useEffect(() => setFocus('rating'), [setFocus]);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    // mutateAsync: the form leaves the page as soon as the review is in (the section then shows it),
    // and the outcome must still reach the customer; a plain mutate's callbacks would be dropped.
    writing.mutateAsync(values).then(
      () => {
        toast.success('Thank you. Your review is published.');
        onDone();
      },
      (error: unknown) => setFormError(applyServerErrors(error, setError, FIELDS)),
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Write a review"
      className="mb-6 space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <div>
            <p id={`${ids}-rating`} className="text-sm font-medium text-slate-800">
              Your rating
            </p>
            <div
              role="radiogroup"
              aria-labelledby={`${ids}-rating`}
              aria-describedby={fieldState.error ? `${ids}-rating-error` : undefined}
              aria-invalid={fieldState.invalid || undefined}
              className="mt-1 flex gap-1"
            >
              {STARS.map((n) => (
                <label key={n} className="cursor-pointer rounded-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    ref={n === 1 ? field.ref : undefined}
                    className="sr-only"
                  />
                  <span className="sr-only">{starLabel(n)}</span>
                  <Star
                    aria-hidden="true"
                    className={cn('size-8', field.value !== undefined && n <= field.value ? 'text-amber-500' : 'text-slate-300')}
                    fill="currentColor"
                    strokeWidth={0}
                  />
                </label>
              ))}
            </div>
            {fieldState.error && (
              <p id={`${ids}-rating-error`} className="mt-1 text-sm text-red-700">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />
      <TextField label="Title" maxLength={120} placeholder="The short of it" error={errors.title?.message} {...register('title')} />
      <TextareaField
        label="Your review"
        rows={5}
        maxLength={4000}
        hint="What did you like or dislike? How do you use it?"
        error={errors.body?.message}
        {...register('body')}
      />
      {formError && (
        <Alert tone="error" title="Your review was not published">
          {formError}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={writing.isPending}>
          Submit review
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={writing.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
