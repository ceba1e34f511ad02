import { all, block, button, heading, layoutHtml, layoutText, p, quote, safeUrl } from './mail-layout';

/** What every e-mail about a complaint to the grievance officer knows (decision 74). */
interface GrievanceMailBase {
  name: string;
  ticketNumber: string;
  /** "Delivery", "Product defect", …; with the order's number when it is about one. */
  about: string;
  /** The officer who signs it, with designation. */
  officer: string;
  /** Where the complainant follows it: their account's complaint page (only http(s) links are shown). */
  trackUrl?: string;
}

export interface GrievanceMailData {
  /** Received: the ticket number and the two due dates, at once. */
  grievance_received: GrievanceMailBase & { receivedOn: string; acknowledgeBy: string; resolveBy: string; description: string };
  /** The officer has taken it up; `message` is their optional word with it. */
  grievance_acknowledged: GrievanceMailBase & { resolveBy: string; message?: string };
  /** The officer wrote in the thread. */
  grievance_reply: GrievanceMailBase & { reply: string };
  /** Resolved: how, in the officer's words. */
  grievance_resolved: GrievanceMailBase & { resolution: string; resolvedOn: string };
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

function compose(d: GrievanceMailBase, subject: string, lines: string[], quoted?: { title: string; text: string }): Rendered {
  const greeting = `Dear ${d.name},`;
  const url = safeUrl(d.trackUrl);
  const signature = `${d.officer}`;
  const facts = [`Ticket number: ${d.ticketNumber}`, `About: ${d.about}`];
  const html = layoutHtml(
    subject,
    all(
      heading(subject),
      p(greeting),
      ...lines.map((line) => p(line, { whiteSpace: 'pre-line' })),
      quoted ? all(p(quoted.title, { margin: '20px 0 4px', color: '#475569' }), quote(quoted.text)) : null,
      block('Your complaint', facts),
      url ? button(url, 'Follow your complaint') : null,
      p(signature),
    ),
  );
  const text = layoutText(
    [
      greeting,
      '',
      ...lines,
      ...(quoted ? ['', quoted.title, ...quoted.text.split('\n').map((line) => `> ${line}`)] : []),
      '',
      ...facts,
      ...(url ? ['', `Follow your complaint: ${url}`] : []),
      '',
      signature,
    ].join('\n'),
  );
  return { subject, text, html };
}

export const grievanceRenderers: { [T in keyof GrievanceMailData]: (data: GrievanceMailData[T]) => Rendered } = {
  grievance_received: (d) =>
    compose(
      d,
      `We received your complaint ${d.ticketNumber}`,
      [
        `Your complaint reached our grievance officer on ${d.receivedOn}. Its ticket number is ${d.ticketNumber}: quote it whenever you write or call about it.`,
        `We will acknowledge it by ${d.acknowledgeBy} and resolve it by ${d.resolveBy}, as the Consumer Protection (E-Commerce) Rules, 2020 require.`,
      ],
      { title: 'You wrote:', text: d.description },
    ),
  grievance_acknowledged: (d) =>
    compose(d, `Complaint ${d.ticketNumber} acknowledged`, [
      `Our grievance officer has taken up your complaint ${d.ticketNumber}. You will have its resolution by ${d.resolveBy}.`,
      ...(d.message ? [d.message] : []),
    ]),
  grievance_reply: (d) =>
    compose(d, `Re: your complaint ${d.ticketNumber}`, [d.reply, 'You can answer on your complaint’s page while it is open.']),
  grievance_resolved: (d) =>
    compose(d, `Complaint ${d.ticketNumber} resolved`, [
      `Our grievance officer resolved your complaint ${d.ticketNumber} on ${d.resolvedOn}:`,
      d.resolution,
      'If you are not satisfied, write to the grievance officer quoting the ticket number, or approach the consumer commission of your district (National Consumer Helpline: 1915).',
    ]),
};
