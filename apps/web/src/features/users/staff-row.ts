import type { RouterOutputs } from '@portal/api';

export type TStaffRow = RouterOutputs['employee']['list']['items'][number];
export type TStaffSort = 'lastname' | 'firstname' | 'email' | 'team' | 'role' | 'status' | 'progress';
