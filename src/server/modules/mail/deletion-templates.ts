import { SHOP } from '~/shared/constants';
import { escapeHtml, layoutHtml, layoutText, safeUrl } from './mail-layout';

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

const p = (text: string) => `<p style="margin:0 0 12px;">${escapeHtml(text)}</p>`;
const heading = (text: string) => `<h1 style="margin:0 0 16px;font-size:20px;">${escapeHtml(text)}</h1>`;

function accountDeletionScheduled(d: DeletionMailData['account_deletion_scheduled']): Rendered {
  const subject = `Your account will be deleted on ${d.dueOn}`;
  const url = safeUrl(d.accountUrl);
  const paragraphs = [
    `Dear ${d.name},`,
    `On ${d.requestedOn} you asked us to delete your account. We will erase your personal data on ${d.dueOn}, and every other device has been signed out.`,
    'Changed your mind? Sign in before then, or choose "Cancel deletion" on your account page, and nothing will be deleted.',
    `If you did not ask for this, sign in at once, change your password and write to us at ${SHOP.supportEmail}.`,
  ];
  const button = url
    ? `<p style="margin:20px 0;"><a href="${escapeHtml(url)}" style="background:#0f4c81;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block;">Open your account</a></p>`
    : '';
  return {
    subject,
    html: layoutHtml(subject, heading(subject) + paragraphs.map(p).join('') + button),
    text: layoutText([...paragraphs, ...(url ? [`Open your account: ${url}`] : [])].join('\n\n')),
  };
}

function accountDeleted(d: DeletionMailData['account_deleted']): Rendered {
  const subject = 'Your account has been deleted';
  const intro = [`Dear ${d.name},`, 'As you asked, we have erased the personal data of your account. It can no longer be signed in to.'];
  const outro = 'Thank you for shopping with us. You are welcome to open a new account at any time.';
  const kept = `<p style="margin:16px 0 12px;"><strong>What we keep, as the law requires</strong><br>${d.kept.map(escapeHtml).join('<br>')}</p>`;
  return {
    subject,
    html: layoutHtml(subject, heading(subject) + intro.map(p).join('') + kept + p(outro)),
    text: layoutText([...intro, '', 'What we keep, as the law requires:', ...d.kept.map((k) => `- ${k}`), '', outro].join('\n')),
  };
}

export const deletionRenderers = {
  account_deletion_scheduled: accountDeletionScheduled,
  account_deleted: accountDeleted,
};
