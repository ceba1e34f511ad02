import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  toName?: string;
  subject: string;
  text: string;
  html: string;
}

/** Where e-mails leave the shop. Tests pass a fake; production uses SMTP. */
export interface MailTransport {
  send(message: OutgoingMail): Promise<{ messageId: string }>;
  close?(): void;
}

/** An SMTP transport from `smtp://user:pass@host:587` or `smtps://user:pass@host:465`. */
export function createSmtpTransport(config: { SMTP_URL: string; MAIL_FROM: string }): MailTransport {
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from: config.MAIL_FROM,
        to: message.toName ? { name: message.toName, address: message.to } : message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return { messageId: String(info.messageId) };
    },
    close: () => transporter.close(),
  };
}

/** SMTP when both SMTP_URL and MAIL_FROM are set; otherwise none, and e-mails are kept for the development mailbox. */
export function transportFromConfig(config: { SMTP_URL?: string | undefined; MAIL_FROM?: string | undefined }): MailTransport | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  return createSmtpTransport({ SMTP_URL: config.SMTP_URL, MAIL_FROM: config.MAIL_FROM });
}
