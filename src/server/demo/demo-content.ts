import type { FormField } from '../db/schema';

// Names and texts of the demo business. Phone numbers use the 555 exchange reserved for fiction.

export const DEMO_FIRST_NAMES = ['Sarah', 'Michael', 'Jennifer', 'David', 'Emily', 'James', 'Jessica', 'Robert', 'Ashley', 'William', 'Amanda', 'Daniel', 'Melissa', 'Chris', 'Laura', 'Kevin', 'Rachel', 'Brian', 'Nicole', 'Jason', 'Megan', 'Ryan', 'Lauren', 'Eric', 'Olivia', 'Nathan', 'Rebecca', 'Tyler', 'Samantha', 'Aaron', 'Katie', 'Patrick'];
export const DEMO_LAST_NAMES = ['Johnson', 'Martinez', 'Thompson', 'Garcia', 'Anderson', 'Wilson', 'Nguyen', 'Patel', 'Robinson', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Rogers'];

export const DEMO_SERVICES = [
  { type: 'Regular Clean', min: 120, max: 165 },
  { type: 'Deep Clean', min: 220, max: 320 },
  { type: 'Move-out Clean', min: 280, max: 380 },
] as const;

export const DEMO_REPLIES = [
  'Thank you!! The house looks amazing. Can we move next visit to Thursday?',
  'Just sent your link to my sister, she needs help after her move.',
  'Do you also do inside the oven? Happy to pay extra.',
  'Loved it, thanks Dana!',
  'Sure, I can leave a review this weekend.',
];

export const DEMO_LEADS: {
  name: string;
  email: string | null;
  phone: string | null;
  source: 'referral' | 'website' | 'manual' | 'form';
  status: 'new' | 'contacted' | 'converted' | 'lost';
  notes: string | null;
  daysAgo: number;
}[] = [
  { name: 'Monica Reyes', email: 'monica.reyes@example.com', phone: '+15125554101', source: 'referral', status: 'new', notes: 'Referred by a weekly client; 3 bed / 2 bath.', daysAgo: 1 },
  { name: 'Paul Jensen', email: 'paul.jensen@example.com', phone: '+15125554102', source: 'form', status: 'new', notes: 'Wants a deep clean before a party on the 14th.', daysAgo: 2 },
  { name: 'Irene Park', email: 'irene.park@example.com', phone: null, source: 'website', status: 'contacted', notes: null, daysAgo: 3 },
  { name: 'Victor Huang', email: null, phone: '+15125554104', source: 'manual', status: 'new', notes: 'Called the office; move-out clean in two weeks.', daysAgo: 4 },
  { name: 'Tara Nolan', email: 'tara.nolan@example.com', phone: '+15125554105', source: 'referral', status: 'converted', notes: 'Booked bi-weekly.', daysAgo: 6 },
  { name: 'George Ellis', email: 'george.ellis@example.com', phone: '+15125554106', source: 'form', status: 'contacted', notes: null, daysAgo: 8 },
  { name: 'Nina Castillo', email: 'nina.castillo@example.com', phone: '+15125554107', source: 'referral', status: 'new', notes: null, daysAgo: 9 },
  { name: 'Oscar Bennett', email: 'oscar.bennett@example.com', phone: null, source: 'website', status: 'lost', notes: 'Went with a cheaper quote.', daysAgo: 15 },
  { name: 'Rosa Delgado', email: 'rosa.delgado@example.com', phone: '+15125554109', source: 'form', status: 'converted', notes: 'Monthly deep clean.', daysAgo: 21 },
  { name: 'Sam Whitaker', email: 'sam.whitaker@example.com', phone: '+15125554110', source: 'referral', status: 'contacted', notes: null, daysAgo: 26 },
  { name: 'Yvonne Mills', email: 'yvonne.mills@example.com', phone: '+15125554111', source: 'manual', status: 'converted', notes: null, daysAgo: 33 },
  { name: 'Zach Morgan', email: null, phone: '+15125554112', source: 'form', status: 'lost', notes: 'No answer after three tries.', daysAgo: 41 },
];

export function demoFormFields(): FormField[] {
  return [
    { id: 'name', type: 'text', label: 'Name', required: true, placeholder: 'Your full name' },
    { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'phone', type: 'phone', label: 'Phone', required: false, placeholder: '(555) 123-4567' },
    { id: 'message', type: 'textarea', label: 'Message', required: false, placeholder: 'Tell us about your home' },
  ];
}
