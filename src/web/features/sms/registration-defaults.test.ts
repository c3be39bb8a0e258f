import { describe, expect, it } from 'vitest';
import { contactOf, stateOfTimeZone } from './registration-defaults';

describe('the registration form’s defaults', () => {
  it('takes the State only from a zone that lies in one state, never a guess', () => {
    expect(stateOfTimeZone('America/Phoenix')).toBe('AZ');
    expect(stateOfTimeZone('Pacific/Honolulu')).toBe('HI');
    for (const zone of ['America/Los_Angeles', 'America/Chicago', 'America/New_York', 'America/Denver', 'Europe/London', undefined]) {
      expect(stateOfTimeZone(zone)).toBe('');
    }
  });

  it('fills the contact from the owner given at sign-up', () => {
    expect(contactOf({ ownerName: 'Maria de la Cruz', email: 'maria@example.com', phone: '+13105550142' })).toEqual({
      firstName: 'Maria',
      lastName: 'de la Cruz',
      email: 'maria@example.com',
      phone: '(310) 555-0142',
    });
    expect(contactOf({ ownerName: null, email: 'owner@example.com', phone: null })).toEqual({ firstName: '', lastName: '', email: 'owner@example.com', phone: '' });
  });
});
