// The data model of spec part 1 section 3 (plus part 2's lead fields), one file per area.
// Every tenant table carries business_id with ON DELETE CASCADE.
export * from './accounts';
export * from './clients';
export * from './imports';
export * from './leads';
export * from './messaging';
export * from './read-model';
export * from './sms';
export * from './sms-outbox';
export * from './sms-registration';
export * from './jobs';
export * from './reviews';
export * from './two-factor';
export * from './activity-record';
