// The roles of the people of a business (docs/accounts.md, "People and roles"). Each role may do everything the
// one after it may, and more: an owner everything, a manager everything but the team, the account's deletion,
// the A2P registration and buying numbers, staff the day's work with clients, leads and conversations.

export const ROLES = ['owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

const RANK: Record<Role, number> = { owner: 3, manager: 2, staff: 1 };

/** True when a person with `role` may use what needs `needed`. */
export const roleAllows = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];

/** The sentence a refusal answers (403): it names who may do it. */
export const ROLE_REFUSALS: Record<Role, string> = {
  owner: 'Only an owner of this business can do this.',
  manager: 'Only an owner or a manager of this business can do this.',
  staff: 'Please sign in to continue.',
};
