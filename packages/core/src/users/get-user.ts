import type { TDb } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import { loadUserView, type TUserView } from './user-view.ts';
import { canView } from './visibility.ts';

export async function getUser(db: TDb, viewer: TSessionUser, userId: string): Promise<TUserView> {
  const user = await loadUserView(db, userId);
  if (!user || !canView(viewer, user)) throw notFound();
  return user;
}
