import type { TRPCRouterRecord } from '@trpc/server';
import { addMailDomainProcedure } from './add-mail-domain.ts';
import { allowPhishingSendingProcedure } from './allow-sending.ts';
import { campaignReachProcedure } from './campaign-reach.ts';
import { checkMailDomainProcedure } from './check-mail-domain.ts';
import { confirmContactProcedure } from './confirm-contact.ts';
import { createCampaignProcedure } from './create-campaign.ts';
import { customerPhishingRatesProcedure } from './customer-rates.ts';
import { deleteCampaignProcedure } from './delete-campaign.ts';
import { getCampaignProcedure } from './get-campaign.ts';
import { getPhishingNoticeProcedure } from './get-notice.ts';
import { getPhishingSettingsProcedure } from './get-settings.ts';
import { listCampaignsProcedure } from './list-campaigns.ts';
import { listMailDomainsProcedure } from './list-mail-domains.ts';
import { listPhishingTeamsProcedure } from './list-teams.ts';
import { listPhishingTemplatesProcedure } from './list-templates.ts';
import { pauseCampaignProcedure } from './pause-campaign.ts';
import { previewPhishingTemplateProcedure } from './preview-template.ts';
import { removeMailDomainProcedure } from './remove-mail-domain.ts';
import { resendContactConfirmationProcedure } from './resend-contact-confirmation.ts';
import { resumeCampaignProcedure } from './resume-campaign.ts';
import { startCampaignProcedure } from './start-campaign.ts';
import { stopCampaignProcedure } from './stop-campaign.ts';
import { stopPhishingSendingProcedure } from './stop-sending.ts';
import { updateCampaignProcedure } from './update-campaign.ts';
import { updatePhishingSettingsProcedure } from './update-settings.ts';

/** Phishing simulations under /api/phishing (ADR 036): the policyholder's, and the admins' for any customer. */
export const phishingRouter = {
  templates: listPhishingTemplatesProcedure,
  teams: listPhishingTeamsProcedure,
  previewTemplate: previewPhishingTemplateProcedure,
  campaigns: listCampaignsProcedure,
  campaign: getCampaignProcedure,
  campaignReach: campaignReachProcedure,
  createCampaign: createCampaignProcedure,
  updateCampaign: updateCampaignProcedure,
  deleteCampaign: deleteCampaignProcedure,
  startCampaign: startCampaignProcedure,
  pauseCampaign: pauseCampaignProcedure,
  resumeCampaign: resumeCampaignProcedure,
  stopCampaign: stopCampaignProcedure,
  settings: getPhishingSettingsProcedure,
  updateSettings: updatePhishingSettingsProcedure,
  resendContactConfirmation: resendContactConfirmationProcedure,
  confirmContact: confirmContactProcedure,
  stopSending: stopPhishingSendingProcedure,
  allowSending: allowPhishingSendingProcedure,
  mailDomains: listMailDomainsProcedure,
  addMailDomain: addMailDomainProcedure,
  checkMailDomain: checkMailDomainProcedure,
  removeMailDomain: removeMailDomainProcedure,
  notice: getPhishingNoticeProcedure,
  customerRates: customerPhishingRatesProcedure,
} satisfies TRPCRouterRecord;
