import { describe, expect, it } from 'vitest';
import { helpReply, keywordOf } from './keywords';

describe('compliance keywords', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOPALL', 'unsubscribe', 'Cancel', 'end', 'QUIT', 'revoke', 'OptOut', '\tstop\n'])('%j opts out', (body) => {
    expect(keywordOf(body)).toBe('stop');
  });
  it.each(['START', 'start ', ' UnStop', 'yes', 'YES'])('%j opts back in', (body) => {
    expect(keywordOf(body)).toBe('start');
  });
  it.each(['HELP', ' help ', 'Info', 'INFO\n'])('%j asks for help', (body) => {
    expect(keywordOf(body)).toBe('help');
  });
  it.each(['stop please', 'STOP.', 'S T O P', 'opt out', 'yes!', 'Thanks, see you Tuesday', '', '   ', 'stopp', 'helpme'])('%j is a message, not a keyword', (body) => {
    expect(keywordOf(body)).toBeNull();
  });
  it('the help answer names the business and how to stop', () => {
    const text = helpReply('Sparkle Cleaning');
    expect(text).toContain('Sparkle Cleaning');
    expect(text).toContain('Reply STOP to unsubscribe');
  });
});
