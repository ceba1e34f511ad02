import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { freePort } from '../../db/embedded';
import { transportFromConfig } from './mailer';

describe('mail configuration', () => {
  it('keeps e-mails (no transport) unless SMTP_URL and MAIL_FROM are set', () => {
    expect(transportFromConfig(loadConfig({}))).toBeNull();
    const config = loadConfig({ SMTP_URL: 'smtps://shop:secret@smtp.example.in:465', MAIL_FROM: 'Sahyadri Computers <orders@example.in>' });
    expect(transportFromConfig(config)).not.toBeNull();
  });

  it('refuses one without the other, and an SMTP URL without credentials, never echoing the password', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://shop:secret@smtp.example.in' })).toThrow(/MAIL_FROM must be set/);
    expect(() => loadConfig({ MAIL_FROM: 'orders@example.in' })).toThrow(/SMTP_URL must be set/);
    for (const bad of ['smtp://smtp.example.in', 'http://shop:secret@smtp.example.in']) {
      const error = (() => {
        try {
          loadConfig({ SMTP_URL: bad, MAIL_FROM: 'orders@example.in' });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

/** A real SMTP server on a loopback port, keeping what it is given (delivery is outside the shop). */
async function smtpServer() {
  const received: { user?: string; from?: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the SMTP transport', () => {
  it('signs in to the SMTP server and delivers the e-mail with its plain-text and HTML parts to the named recipient', async () => {
    const smtp = await smtpServer();
    const transport = transportFromConfig(
      loadConfig({ SMTP_URL: `smtp://shop:secret@127.0.0.1:${smtp.port}`, MAIL_FROM: 'Sahyadri Computers <orders@example.in>' }),
    );
    try {
      const { messageId } = await transport!.send({
        to: 'priya@example.in',
        toName: 'Priya Deshpande',
        subject: 'Your order SC-1042 is placed',
        text: 'Thank you for your order of ₹1,23,456.00.',
        html: '<p>Thank you for your order of <strong>₹1,23,456.00</strong>.</p>',
      });
      expect(messageId).toMatch(/^<.+@.+>$/);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ user: 'shop', from: 'orders@example.in', to: ['priya@example.in'] });
      expect(mail!.raw).toContain('From: Sahyadri Computers <orders@example.in>');
      expect(mail!.raw).toContain('To: Priya Deshpande <priya@example.in>');
      expect(mail!.raw).toContain('Subject: Your order SC-1042 is placed');
      expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(mail!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(mail!.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    } finally {
      transport!.close?.();
      await smtp.close();
    }
  });

  it('fails the send, without delivering, when the SMTP server refuses the credentials', async () => {
    const smtp = await smtpServer();
    const transport = transportFromConfig(
      loadConfig({ SMTP_URL: `smtp://shop:wrong@127.0.0.1:${smtp.port}`, MAIL_FROM: 'orders@example.in' }),
    );
    try {
      await expect(transport!.send({ to: 'priya@example.in', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' })).rejects.toThrow(
        /Invalid username or password/,
      );
      expect(smtp.received).toHaveLength(0);
    } finally {
      transport!.close?.();
      await smtp.close();
    }
  });
});
