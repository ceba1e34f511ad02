import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_TOPICS, contactMessageSchema } from '~/shared/schemas/contact';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextareaField, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';

type Input = z.input<typeof contactMessageSchema>;
type Output = z.output<typeof contactMessageSchema>;
const FIELDS = ['name', 'email', 'mobile', 'topic', 'message'] as const;

const SUCCESS_TITLE = 'Message received';
const SUCCESS_TEXT = 'Thank you for writing to us. We have received your message and will reply within one working day.';

interface ContactFormProps {
  /** Name and e-mail of the signed-in visitor (and what was typed in the page's other form), so they need not type them again. */
  defaults?: { name?: string; email?: string; mobile?: string; topic?: string };
  /** Topics the page handles with another form (a complaint to the grievance officer): choosing one calls `onOtherTopic`. */
  otherTopics?: readonly string[];
  onOtherTopic?: (topic: string, sender: { name: string; email: string; mobile: string }) => void;
}

export function ContactForm({ defaults, otherTopics = [], onOtherTopic }: ContactFormProps) {
  const sending = useSendContactMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const returningToForm = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    getValues,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: {
      name: defaults?.name ?? '',
      email: defaults?.email ?? '',
      mobile: defaults?.mobile ?? '',
      message: '',
      ...(defaults?.topic ? { topic: defaults.topic as Input['topic'] } : {}),
    },
  });
  const topicField = register('topic', {
    onChange: (e: { target: { value: string } }) => {
      if (!otherTopics.includes(e.target.value)) return;
      const { name, email, mobile } = getValues();
      onOtherTopic?.(e.target.value, { name, email, mobile: mobile ?? '' });
    },
  });
  // Back from the other form with a topic chosen there: the topic keeps the focus.
  useEffect(() => {
    if (defaults?.topic) setFocus('topic');
  }, [defaults?.topic, setFocus]);

  const sent = sending.data;

  useEffect(() => {
    if (sent) {
      successRef.current?.focus();
    } else if (returningToForm.current) {
      returningToForm.current = false;
      setFocus('topic');
    }
  }, [sent, setFocus]);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    sending.mutate(values, {
      onSuccess: () => toast.success('Your message has been sent. We will reply within one working day.'),
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  const sendAnother = () => {
    const { name, email, mobile } = getValues();
    reset({ name, email, mobile, message: '' });
    returningToForm.current = true;
    sending.reset();
  };

  if (sent) {
    return (
      <div ref={successRef} tabIndex={-1} className="space-y-4 focus:outline-none">
        <Alert tone="success" title={SUCCESS_TITLE}>
          <p>{SUCCESS_TEXT}</p>
          <p className="mt-1">
            Received on{' '}
            <time dateTime={sent.receivedAt}>
              {new Date(sent.receivedAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' })}
            </time>{' '}
            IST.
          </p>
        </Alert>
        <Button variant="secondary" onClick={sendAnother}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="grid gap-5 md:grid-cols-2">
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
        optional
        hint="10-digit Indian mobile, if you would like a call back"
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <SelectField
        label="What is it about?"
        options={[...CONTACT_TOPICS, ...otherTopics]}
        placeholder="Choose a topic"
        error={errors.topic?.message}
        {...topicField}
      />
      <TextareaField
        label="Your message"
        rows={6}
        maxLength={4000}
        hint="If it is about an order, please include the order number."
        className="md:col-span-2"
        error={errors.message?.message}
        {...register('message')}
      />
      {formError && (
        <Alert tone="error" title="Your message was not sent" className="md:col-span-2">
          {formError}
        </Alert>
      )}
      <div className="md:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" loading={sending.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}
