import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import type { TCampaignDetail } from './campaign-form.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';

/** Pause, resume and stop (after a question) of a started campaign. */
export function CampaignControls({ scope, campaign }: { scope: TPhishingScope; campaign: TCampaignDetail }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const pause = trpc.phishing.pauseCampaign.useMutation();
  const resume = trpc.phishing.resumeCampaign.useMutation();
  const stop = trpc.phishing.stopCampaign.useMutation();
  const [confirmStop, setConfirmStop] = useState(false);
  const input = { ...companyInput(scope), id: campaign.id };

  const step = async (mutation: typeof pause | typeof stop, done: string) => {
    try {
      await mutation.mutateAsync(input);
      await utils.phishing.invalidate();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    } finally {
      setConfirmStop(false);
    }
  };

  if (campaign.status !== 'running' && campaign.status !== 'paused') return null;
  return (
    <div className="campaign-controls">
      {campaign.status === 'running' ? (
        <Button
          className="button button-secondary"
          isPending={pause.isPending}
          onPress={() => void step(pause, t('campaigns.paused'))}
        >
          {t('campaigns.pause')}
        </Button>
      ) : (
        <Button
          className="button button-primary"
          isPending={resume.isPending}
          onPress={() => void step(resume, t('campaigns.resumed'))}
        >
          {t('campaigns.resume')}
        </Button>
      )}
      <Button className="button button-danger" onPress={() => setConfirmStop(true)}>
        {t('campaigns.stop')}
      </Button>
      <ConfirmDialog
        isOpen={confirmStop}
        title={t('campaigns.stop_title')}
        text={t('campaigns.stop_text')}
        confirmLabel={t('campaigns.stop')}
        danger
        isPending={stop.isPending}
        onConfirm={() => void step(stop, t('campaigns.stopped'))}
        onClose={() => setConfirmStop(false)}
      />
    </div>
  );
}
