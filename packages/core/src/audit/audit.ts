import { auditLog, type TTransaction } from '@portal/db';

export type TAuditAction =
  | 'login.success'
  | 'login.failure'
  | 'logout'
  | 'employer.registered'
  | 'employer.registration_throttled'
  | 'employer.email_confirmed'
  | 'employer.confirmation_resent'
  | 'company.registration_expired'
  | 'phishing.contact_confirmation_sent'
  | 'phishing.contact_confirmed'
  | 'phishing.domain_added'
  | 'phishing.domain_verified'
  | 'phishing.domain_removed'
  | 'phishing.approved'
  | 'phishing.approval_withdrawn'
  | 'password.reset_requested'
  | 'password.reset_throttled'
  | 'password.reset'
  | 'password.changed'
  | 'first_login.completed'
  | 'user.updated'
  | 'avv.accepted'
  | 'totp.enabled'
  | 'totp.disabled'
  | 'totp.recovery_code_used'
  | 'session.expired'
  | 'user.invited'
  | 'user.invitation_resent'
  | 'user.deleted'
  | 'role.changed'
  | 'progress.reset'
  | 'company.progress_reset'
  | 'company.handover'
  | 'company.updated'
  | 'upload.requested'
  | 'upload.imported'
  | 'upload.rejected'
  | 'upload.information_sent'
  | 'account.blocked'
  | 'account.unblocked'
  | 'password.set_by_admin'
  | 'admin.created'
  | 'admin.deleted'
  | 'insurer.created'
  | 'insurer.deleted'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'api_key.call'
  | 'api_key.refused'
  | 'webhook.created'
  | 'webhook.removed'
  | 'evidence.downloaded'
  | 'company.deleted'
  | 'reminders.names_switched'
  | 'absence.recorded'
  | 'absence.ended'
  | 'phishing.campaign_created'
  | 'phishing.campaign_updated'
  | 'phishing.campaign_deleted'
  | 'phishing.campaign_started'
  | 'phishing.campaign_paused'
  | 'phishing.campaign_resumed'
  | 'phishing.campaign_stopped'
  | 'phishing.sending_stopped'
  | 'phishing.sending_allowed'
  | 'phishing.names_switched'
  | 'phishing.settings_changed'
  | 'phishing.report_forwarded'
  | 'phishing.report_unrouted'
  | 'phishing.report_capped';

export interface TAuditEntry {
  action: TAuditAction;
  actorId?: string | null;
  actorRole?: string | null;
  targetId?: string | null;
  companyId?: string | null;
  ip?: string | null;
  /** Non-secret facts only: never passwords, tokens or hashes. */
  details?: Record<string, string | number | boolean | null>;
}

/** Records a security event; call inside the transaction of the change it describes. */
export async function audit(tx: TTransaction, entry: TAuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    actorRole: entry.actorRole ?? null,
    targetId: entry.targetId ?? null,
    companyId: entry.companyId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
