import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState, type ElementType } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { twoFactorConfirmSchema, twoFactorSetupSchema, type TwoFactorSetupResponse } from '~/shared/schemas/two-factor';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { useUser } from '~/web/lib/session/session';
import { useConfirmTwoFactor, useFinishTwoFactorSetup, useStartTwoFactorSetup } from '../api/two-factor-queries';
import { RecoveryCodes } from './recovery-codes';

interface SetupProps {
  /** Called once the recovery codes are saved and the session knows two-step sign-in is on. */
  onDone: () => void;
  /** Offered before it is on (not on the admin's required set-up). */
  onCancel?: () => void;
  /** The steps' headings: h2 on a page of its own, h3 inside a section. */
  headingLevel?: 'h2' | 'h3';
}

/** The key in groups of four, as apps that take it by hand show it. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

/**
 * Setting up two-step sign-in (decision 27): the password again → a QR code and the key to type by
 * hand → the first code from the app, which turns it on → the ten recovery codes, shown once.
 */
export function TwoFactorSetup({ onDone, onCancel, headingLevel = 'h3' }: SetupProps) {
  const user = useUser();
  const finish = useFinishTwoFactorSetup();
  const [enrolment, setEnrolment] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [finishing, setFinishing] = useState(false);

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        email={user?.email}
        headingLevel={headingLevel}
        finishing={finishing}
        onSaved={() => {
          setFinishing(true);
          void finish().finally(onDone);
        }}
      />
    );
  }
  if (enrolment) return <ScanStep enrolment={enrolment} onConfirmed={setRecoveryCodes} onCancel={onCancel} headingLevel={headingLevel} />;
  return <PasswordStep onStarted={setEnrolment} onCancel={onCancel} headingLevel={headingLevel} />;
}

function PasswordStep({
  onStarted,
  onCancel,
  headingLevel: Heading,
}: {
  onStarted: (enrolment: TwoFactorSetupResponse) => void;
  onCancel?: () => void;
  headingLevel: ElementType;
}) {
  const start = useStartTwoFactorSetup();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof twoFactorSetupSchema>>({ resolver: zodResolver(twoFactorSetupSchema), defaultValues: { password: '' } });
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    start.mutate(values, {
      onSuccess: onStarted,
      onError: (error) => setFormError(applyServerErrors(error, setError, ['password'])),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Heading className="text-lg font-semibold text-slate-900">Step 1 of 3: confirm it is you</Heading>
      <p className="text-sm text-slate-600">
        You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 2FAS.
      </p>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {formError && (
        <Alert tone="error" title={isApiError(start.error, 'RATE_LIMITED') ? 'Too many attempts' : undefined}>
          {formError}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={start.isPending}>
          Continue
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function ScanStep({
  enrolment,
  onConfirmed,
  onCancel,
  headingLevel: Heading,
}: {
  enrolment: TwoFactorSetupResponse;
  onConfirmed: (codes: string[]) => void;
  onCancel?: () => void;
  headingLevel: ElementType;
}) {
  const confirm = useConfirmTwoFactor();
  const heading = useRef<HTMLHeadingElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof twoFactorConfirmSchema>, unknown, z.output<typeof twoFactorConfirmSchema>>({
    resolver: zodResolver(twoFactorConfirmSchema),
    defaultValues: { code: '' },
  });
  // The step changed under the person's eyes: say so where they are (screen readers start here).
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    confirm.mutate(values, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (error) => setFormError(applyServerErrors(error, setError, ['code'])),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Heading ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Step 2 of 3: add Sahyadri Computers to your authenticator app
      </Heading>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QRCodeSVG
          value={enrolment.otpauthUri}
          size={176}
          marginSize={2}
          role="img"
          aria-label="QR code to scan with your authenticator app"
          className="shrink-0 rounded-md border border-slate-200 bg-white"
        />
        <div className="space-y-2 text-sm text-slate-700">
          <p>In the app, add an account and scan this QR code.</p>
          <p>Cannot scan it? Choose to enter a setup key and type this key (time-based):</p>
          <p>
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wider break-all text-slate-900">
              {grouped(enrolment.key)}
            </code>
          </p>
        </div>
      </div>
      <TextField
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        spellCheck={false}
        hint="The app shows a 6-digit code for Sahyadri Computers; it changes every 30 seconds."
        error={errors.code?.message}
        {...register('code')}
      />
      {formError && (
        <Alert tone="error" title={isApiError(confirm.error, 'RATE_LIMITED') ? 'Too many attempts' : undefined}>
          {formError}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={confirm.isPending}>
          Turn on two-step sign-in
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
