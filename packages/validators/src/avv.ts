/** The data processing agreement (spec §1, §9): one version, and the cut-off for old employers. */
export const AVV_VERSION = '5.40';
/** Employers registered before this moment saw an older contract (spec §4, §9), Berlin time. */
export const AVV_CUTOFF = new Date('2022-03-18T10:38:00+01:00');

/** Spec §4: the Avv notification is for employers registered before the cut-off who have not accepted. */
export function needsAvvNotification(user: {
  role: string;
  orderProcessingAccepted: boolean;
  createdAt: string | Date;
}): boolean {
  return user.role === 'employer' && !user.orderProcessingAccepted && new Date(user.createdAt) < AVV_CUTOFF;
}
