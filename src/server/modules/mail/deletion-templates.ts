import { SHOP } from '~/shared/constants';
import { all, block, button, heading, layoutHtml, layoutText, p, safeUrl } from './mail-layout';

/** The e-mails about deleting an account (decision 26). */
export interface DeletionMailData {
  /** "Delete my account" was asked for: when the data goes, and how to stop it. */
  account_deletion_scheduled: { name: string; requestedOn: string; dueOn: string; accountUrl?: string };
  /** The account's personal data was erased; what the shop keeps and why. */
  account_deleted: { name: string; kept: string[] };
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

function accountDeletionScheduled(d: DeletionMailData['account_deletion_scheduled']): Rendered {
  const subject = `Your account will be deleted on ${d.dueOn}`;
  const url = safeUrl(d.accountUrl);
  const paragraphs = [
    `Dear ${d.name},`,
    `On ${d.requestedOn} you asked us to delete your account. We will erase your personal data on ${d.dueOn}, and every other device has been signed out.`,
    'Changed your mind? Sign in before then, or choose "Cancel deletion" on your account page, and nothing will be deleted.',
    `If you did not ask for this, sign in at once, change your password and write to us at ${SHOP.supportEmail}.`,
  ];
  return {
    subject,
    html: layoutHtml(subject, all(heading(subject), ...paragraphs.map((line) => p(line)), button(url, 'Open your account'))),
    text: layoutText([...paragraphs, ...(url ? [`Open your account: ${url}`] : [])].join('\n\n')),
  };
}

function accountDeleted(d: DeletionMailData['account_deleted']): Rendered {
  const subject = 'Your account has been deleted';
  const intro = [`Dear ${d.name},`, 'As you asked, we have erased the personal data of your account. It can no longer be signed in to.'];
  const outro = 'Thank you for shopping with us. You are welcome to open a new account at any time.';
  return {
    subject,
    html: layoutHtml(
      subject,
      all(heading(subject), ...intro.map((line) => p(line)), block('What we keep, as the law requires', d.kept), p(outro)),
    ),
    text: layoutText([...intro, '', 'What we keep, as the law requires:', ...d.kept.map((k) => `- ${k}`), '', outro].join('\n')),
  };
}

export const deletionRenderers = {
  account_deletion_scheduled: accountDeletionScheduled,
  account_deleted: accountDeleted,
};
