import { SHOP } from '~/shared/constants';
import { all, button, heading, layoutHtml, layoutText, p, safeUrl } from './mail-layout';

/** The e-mails about an account itself: its password and its address (decision 25). */
export interface AccountMailData {
  /** A link to choose a new password, to the account's address. */
  password_reset: { name: string; resetUrl: string; minutes: number };
  /** The password was changed (by a reset), to the account's address. */
  password_changed: { name: string; changedOn: string; forgotUrl: string };
  /** A new account's link to confirm its address. */
  verify_email: { name: string; verifyUrl: string; hours: number };
  /** To the new address of an e-mail change: the change happens when this link is followed. */
  email_change_verify: { name: string; newEmail: string; confirmUrl: string; hours: number };
  /** To the old address once the change is made. */
  email_changed_notice: { name: string; oldEmail: string; newEmail: string; changedOn: string };
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const NOT_YOU = `If this was not you, write to us at once at ${SHOP.supportEmail}.`;

/** A short account e-mail: greeting, paragraphs, an optional button (with its link spelt out in the text version). */
function compose(subject: string, name: string, before: string[], link?: { url: string; label: string }, after: string[] = []): Rendered {
  const url = safeUrl(link?.url);
  const greeting = `Dear ${name},`;
  const html = layoutHtml(
    subject,
    all(
      heading(subject),
      p(greeting),
      ...before.map((line) => p(line)),
      url && link ? all(button(url, link.label), p(`Or open this address: ${url}`)) : null,
      ...after.map((line) => p(line)),
    ),
  );
  const text = layoutText([greeting, '', ...before, ...(url && link ? ['', `${link.label}: ${url}`, ''] : []), ...after].join('\n'));
  return { subject, text, html };
}

export const accountRenderers: { [T in keyof AccountMailData]: (data: AccountMailData[T]) => Rendered } = {
  password_reset: (d) =>
    compose(
      'Choose a new password',
      d.name,
      [`Someone asked to reset the password of your ${SHOP.name} account. If it was you, choose a new password here.`],
      { url: d.resetUrl, label: 'Choose a new password' },
      [`The link works once, for ${d.minutes} minutes.`, 'If you did not ask, ignore this e-mail: your password stays as it is.'],
    ),
  password_changed: (d) =>
    compose('Your password was changed', d.name, [
      `The password of your ${SHOP.name} account was changed on ${d.changedOn}, and every device signed in to it was signed out.`,
      `${NOT_YOU} You can also choose a new password at ${d.forgotUrl}.`,
    ]),
  verify_email: (d) =>
    compose(
      'Please verify your e-mail address',
      d.name,
      [`Welcome to ${SHOP.name}. Please confirm that this address is yours.`],
      { url: d.verifyUrl, label: 'Verify my e-mail address' },
      [`The link works once, for ${d.hours} hours. If you did not create an account, ignore this e-mail.`],
    ),
  email_change_verify: (d) =>
    compose(
      'Confirm your new e-mail address',
      d.name,
      [`You asked to use ${d.newEmail} for your ${SHOP.name} account. Your address changes when you follow this link.`],
      { url: d.confirmUrl, label: 'Confirm my new address' },
      [`The link works once, for ${d.hours} hours. If you did not ask for this, ignore this e-mail.`],
    ),
  email_changed_notice: (d) =>
    compose('Your e-mail address was changed', d.name, [
      `On ${d.changedOn} the e-mail address of your ${SHOP.name} account was changed from ${d.oldEmail} to ${d.newEmail}. E-mails about your account and orders now go there, and you sign in with it.`,
      NOT_YOU,
    ]),
};
