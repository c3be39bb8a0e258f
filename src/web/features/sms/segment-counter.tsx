// Moved to components/sms (the Activity Dashboard's reply box counts too); the Bulk Messaging tab still imports it from here.
export { SegmentCounter } from '../../components/sms/segment-counter';
