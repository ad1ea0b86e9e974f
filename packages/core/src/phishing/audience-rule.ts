import { inArray, users } from '@portal/db';
import type { TCampaignAudience } from './campaign-types.ts';

/**
 * The audience as a condition on `users` (the company and the other rules come beside it). Its own
 * module: the round planner and the recipient rule of the proven domains both need it.
 */
export function audienceRule(audience: TCampaignAudience) {
  switch (audience.kind) {
    case 'roles':
      return inArray(users.role, audience.roles);
    case 'teams':
      return inArray(users.team, audience.teams);
    case 'people':
      return inArray(users.id, audience.ids);
    case 'all':
      return inArray(users.role, ['employer', 'manager', 'employee']);
  }
}
