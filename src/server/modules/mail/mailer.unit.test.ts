import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
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
