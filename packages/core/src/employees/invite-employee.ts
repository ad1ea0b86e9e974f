import { courseAssignments, type TDatabase, type TTransaction, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import { createOneTimeToken } from '../auth/one-time-tokens.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { findCourse } from '../learning/catalog.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { INVITATION_DAYS } from '../policy.ts';
import { companyNameOf } from './company-name.ts';

export interface TInviteInput {
  firstname: string;
  lastname: string;
  email: string;
  /** '' for none (normalised by `ZTeam`). */
  team?: string | undefined;
  isManager: boolean;
  assignedCourseList: string[];
  /** Language of the invitation mail and the new account (defaults to the inviter's). */
  lang?: 'de' | 'en' | undefined;
}

/** The invitation link of spec §2: `/login/{token}?email=…`, valid 14 days, single use. */
export async function sendInvitation(
  tx: TTransaction,
  input: { invitee: { id: string; email: string; firstname: string; lastname: string; lang: 'de' | 'en' } },
  context: { inviterName: string; companyName: string; publicUrl: string; companyId: string; now: Date },
): Promise<void> {
  const token = await createOneTimeToken(tx, {
    kind: 'invitation',
    userId: input.invitee.id,
    validForMs: INVITATION_DAYS * 86_400_000,
    now: context.now,
  });
  const link = `${context.publicUrl}/login/${token}?email=${encodeURIComponent(input.invitee.email)}`;
  await enqueueMail(
    tx,
    {
      to: input.invitee.email,
      lang: input.invitee.lang,
      userId: input.invitee.id,
      companyId: context.companyId,
      mail: {
        template: 'invitation',
        params: {
          name: `${input.invitee.firstname} ${input.invitee.lastname}`,
          inviter: context.inviterName,
          company: context.companyName,
          link,
          days: INVITATION_DAYS,
        },
      },
    },
    context.now,
  );
}

/**
 * Invites a manager or employee (spec §7 invite-employee): creates the account without a password,
 * assigns the chosen courses and queues the invitation mail, all in one transaction.
 */
export async function inviteEmployee(
  db: TDatabase,
  inviter: TSessionUser & { companyId: string },
  input: TInviteInput,
  meta: TRequestMeta & { publicUrl: string },
  now = new Date(),
): Promise<{ employeeId: string }> {
  if (input.isManager && inviter.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  const slugs = [...new Set(input.assignedCourseList)];
  if (slugs.some((slug) => !findCourse(slug))) throw new DomainError('BAD_REQUEST', 'users.unknown_course');
  const lang = input.lang ?? inviter.lang;
  // Read committed: the unique email index decides between two invitations of one address; the
  // insert that finds it taken inserts nothing and answers the conflict (ADR 028).
  return transaction(db, async (tx) => {
    const [invitee] = await tx
      .insert(users)
      .values({
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        team: input.team ?? '',
        role: input.isManager ? 'manager' : 'employee',
        companyId: inviter.companyId,
        lang,
        active: false,
        isFirstLogin: true,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!invitee) throw new DomainError('CONFLICT', 'users.email_already_exists');
    if (slugs.length > 0) {
      await tx.insert(courseAssignments).values(slugs.map((slug) => ({ userId: invitee.id, courseSlug: slug })));
    }
    await sendInvitation(
      tx,
      { invitee: { id: invitee.id, email: input.email, firstname: input.firstname, lastname: input.lastname, lang } },
      {
        inviterName: `${inviter.firstname} ${inviter.lastname}`,
        companyName: await companyNameOf(tx, inviter.companyId),
        publicUrl: meta.publicUrl,
        companyId: inviter.companyId,
        now,
      },
    );
    await audit(tx, {
      action: 'user.invited',
      actorId: inviter.id,
      actorRole: inviter.role,
      targetId: invitee.id,
      companyId: inviter.companyId,
      ip: meta.ip,
      details: { role: input.isManager ? 'manager' : 'employee', courses: slugs.length },
    });
    return { employeeId: invitee.id };
  });
}
