import { describe, expect, it } from 'vitest';
import { createReplicaPosition, parseLsn } from './replica-position';

describe('parseLsn', () => {
  it('reads pg_lsn text as bytes from the start of the WAL', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/17C3858')).toBe(0x17c3858n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('16/B374D848') > parseLsn('15/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('B374D848')).toThrow('Not a WAL position');
  });
});

describe('replica position', () => {
  const MAX_LAG = 1_000;

  it('reaches a moment when it has replayed what the primary had written then', () => {
    const position = createReplicaPosition(MAX_LAG);
    position.primaryAt(100, 500n);
    position.primaryAt(200, 700n);
    position.replayed(600n);
    // Everything written by 100 is there; a change learned of at 150 (written by 200) may not be.
    expect(position.reaches(50, 250)).toBe(true);
    expect(position.reaches(100, 250)).toBe(true);
    expect(position.reaches(150, 250)).toBe(false);
    position.replayed(700n);
    expect(position.reaches(150, 250)).toBe(true);
  });

  it('a change learned of after the last reading waits for the next reading of the primary', () => {
    const position = createReplicaPosition(MAX_LAG);
    position.primaryAt(100, 500n);
    position.replayed(500n);
    expect(position.reaches(120, 130)).toBe(false);
    position.primaryAt(200, 500n);
    expect(position.reaches(120, 230)).toBe(true);
  });

  it('is not used once it is further behind than the lag allowed, however old the last change', () => {
    const position = createReplicaPosition(MAX_LAG);
    position.primaryAt(100, 500n);
    position.replayed(500n);
    for (let at = 200; at <= 2_000; at += 100) position.primaryAt(at, 500n + BigInt(at));
    expect(position.reaches(0, 1_000)).toBe(true);
    expect(position.reaches(0, 1_200)).toBe(false);
    expect(position.lag(1_200)).toEqual({ ms: 1_100, bytes: 2_000, standby: true });
    position.replayed(2_500n);
    expect(position.reaches(0, 2_050)).toBe(true);
    expect(position.lag(2_050)).toEqual({ ms: 50, bytes: 0, standby: true });
  });

  it('knows nothing of a replica it cannot ask, and never uses a server that is not a standby', () => {
    const position = createReplicaPosition(MAX_LAG);
    position.primaryAt(100, 500n);
    position.replayed(500n);
    position.lost();
    position.primaryAt(200, 500n);
    expect(position.reaches(0, 250)).toBe(false);
    expect(position.lag(250)).toEqual({ ms: null, bytes: null, standby: null });
    position.replayed(null);
    position.primaryAt(300, 500n);
    expect(position.reaches(0, 350)).toBe(false);
    expect(position.lag(350).standby).toBe(false);
    position.replayed(500n);
    expect(position.reaches(0, 350)).toBe(true);
  });

  it('keeps a reading that answers late in its place', () => {
    const position = createReplicaPosition(MAX_LAG);
    position.primaryAt(200, 700n);
    position.primaryAt(100, 500n);
    position.replayed(600n);
    expect(position.reaches(100, 250)).toBe(true);
    expect(position.reaches(101, 250)).toBe(false);
  });
});
