import { type TDatabase, transaction } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { companyNameOf } from './company-name.ts';
import { sendInvitation } from './invite-employee.ts';
import { assertMayManage, findStaffMember } from './staff-access.ts';

/**
 * Sends a new 14-day invitation link; the earlier link stops working (createOneTimeToken revokes
 * it). Only for people who have not set a password yet.
 */
export async function resendInvitation(
  db: TDatabase,
  actor: TSessionUser & { companyId: string },
  employeeId: string,
  meta: TRequestMeta & { publicUrl: string },
  now = new Date(),
): Promise<{ sent: true }> {
  // Read committed: it only adds a token and a mail; the token's own code revokes the earlier
  // links (ADR 028).
  return transaction(db, async (tx) => {
    const invitee = await findStaffMember(tx, actor.companyId, employeeId);
    assertMayManage(actor, invitee);
    if (invitee.active) throw new DomainError('CONFLICT', 'users.already_active');
    await sendInvitation(
      tx,
      { invitee },
      {
        inviterName: `${actor.firstname} ${actor.lastname}`,
        companyName: await companyNameOf(tx, actor.companyId),
        publicUrl: meta.publicUrl,
        companyId: actor.companyId,
        now,
      },
    );
    await audit(tx, {
      action: 'user.invitation_resent',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: invitee.id,
      companyId: actor.companyId,
      ip: meta.ip,
    });
    return { sent: true as const };
  });
}
