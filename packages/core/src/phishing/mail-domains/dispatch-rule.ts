import { inArray, type TDb, users } from '@portal/db';
import { provenDomains, recipientBar } from './recipient-rule.ts';

/**
 * The messages of a batch whose recipient may not get a simulation now (issue 37): the address is
 * not on a domain the company has proven (any more), or the person has not accepted the
 * invitation, or is gone. Read in the dispatcher's transaction that hands the mails to the outbox,
 * so a domain removed after a round was planned stops its mails.
 */
export async function withheldMessages(
  db: TDb,
  messages: readonly { id: string; companyId: string; userId: string | null }[],
): Promise<Set<string>> {
  const userIds = [...new Set(messages.flatMap((message) => (message.userId ? [message.userId] : [])))];
  const people =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, active: users.active, companyId: users.companyId })
          .from(users)
          .where(inArray(users.id, userIds));
  const byId = new Map(people.map((person) => [person.id, person]));
  const proven = await provenDomains(
    db,
    messages.map((message) => message.companyId),
  );
  const withheld = new Set<string>();
  for (const message of messages) {
    const person = message.userId ? byId.get(message.userId) : undefined;
    const domains = proven.get(message.companyId) ?? new Set<string>();
    if (!person || person.companyId !== message.companyId || recipientBar(person, domains) !== null) {
      withheld.add(message.id);
    }
  }
  return withheld;
}
