import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactGrievanceSchema, GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_LABELS } from '~/shared/schemas/grievances';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextareaField, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useFileContactGrievance } from '../api/grievance-queries';
import { ComplaintFiled } from './complaint-filed';

type Input = z.input<typeof contactGrievanceSchema>;
type Output = z.output<typeof contactGrievanceSchema>;
const FIELDS = ['name', 'email', 'mobile', 'orderNumber', 'category', 'description'] as const;

/** Who is writing, carried between the contact page's message form and this one when the topic changes. */
export interface Sender {
  name: string;
  email: string;
  mobile: string;
}

/**
 * The contact page's form when the topic is "Complaint (grievance)": a complaint to the grievance
 * officer with a ticket number. `topics` are the page's topics; choosing another hands back to the message form.
 */
export function ContactComplaintForm({
  sender,
  signedIn,
  topic,
  topics,
  onTopicChange,
}: {
  sender: Sender;
  signedIn: boolean;
  topic: string;
  topics: readonly string[];
  onTopicChange: (topic: string, sender: Sender) => void;
}) {
  const filing = useFileContactGrievance();
  const [formError, setFormError] = useState<string | null>(null);
  // The topic was just changed to this form's: the focus stays on it.
  const topicRef = useRef<HTMLDivElement>(null);
  useEffect(() => topicRef.current?.querySelector('select')?.focus(), []);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(contactGrievanceSchema),
    defaultValues: { name: sender.name, email: sender.email, mobile: sender.mobile, orderNumber: '', description: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    filing.mutate(values, {
      onSuccess: (filed) => toast.success(`Complaint ${filed.ticketNumber} received.`),
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  if (filing.data) return <ComplaintFiled filed={filing.data} signedIn={signedIn} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Complaint form" className="grid gap-5 md:grid-cols-2">
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        optional={signedIn}
        hint="10-digit Indian mobile, so the grievance officer can call you"
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <div ref={topicRef}>
        <SelectField
          label="What is it about?"
          options={topics}
          value={topic}
          onChange={(e) => {
            const { name, email, mobile } = getValues();
            onTopicChange(e.target.value, { name, email, mobile: mobile ?? '' });
          }}
        />
      </div>
      <SelectField
        label="Complaint about"
        options={GRIEVANCE_CATEGORIES}
        labels={GRIEVANCE_CATEGORY_LABELS}
        placeholder="Choose a category"
        error={errors.category?.message}
        {...register('category')}
      />
      <TextField
        label="Order number"
        optional
        hint="Like SC-100042, if it is about an order"
        error={errors.orderNumber?.message}
        {...register('orderNumber')}
      />
      <TextareaField
        label="Describe the problem"
        rows={6}
        maxLength={4000}
        hint="Our grievance officer acknowledges a complaint within 48 hours and resolves it within one month."
        className="md:col-span-2"
        error={errors.description?.message}
        {...register('description')}
      />
      {formError && (
        <Alert tone="error" title="Your complaint was not sent" className="md:col-span-2">
          {formError}
        </Alert>
      )}
      <div className="md:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" loading={filing.isPending}>
          Send complaint
        </Button>
      </div>
    </form>
  );
}
