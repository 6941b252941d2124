import { useState } from 'react';
import { rupees as formatRupees } from '../donations/FiguresPanel';
import { AdminModal } from '../AdminModal';
import { AdminPanel } from '../AdminPanel';
import { ConfirmDialog } from '../ConfirmDialog';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { useAdminPrograms } from '../programs';
import { deleteCampaign, fetchAdminCampaigns, type Campaign } from './api';
import { CampaignForm } from './CampaignForm';
import { TotalsPanel } from './TotalsPanel';
import './CampaignsSection.css';

const stateLabels: Record<Campaign['state'], string> = { live: 'Live', upcoming: 'Not started', ended: 'Ended' };
type Editing = { campaign?: Campaign } | null;

/** Campaigns: their goals and what each raised from confirmed gifts, added and changed here; and the totals of gifts. */
export function CampaignsSection() {
  const [campaigns, reload] = useLoad(fetchAdminCampaigns);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const programs = useAdminPrograms();
  const programOf = (id: string) => programs?.find((program) => program.id === id)?.label ?? id;

  async function remove(campaign: Campaign) {
    const outcome = await deleteCampaign(campaign.id);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setDeleting(null);
    reload();
  }

  return (
    <>
      <AdminPanel
        id="campaigns"
        title="Campaigns"
        count={campaigns.status === 'ready' ? campaigns.data.length : undefined}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
            Add campaign
          </button>
        }
      >
        <PanelStates
          state={campaigns}
          loading="Loading campaigns..."
          onRetry={reload}
          empty={campaigns.status === 'ready' && campaigns.data.length === 0 && 'No campaigns yet.'}
        />
        {campaigns.status === 'ready' && campaigns.data.length > 0 && (
          <div className="table-wrap">
            <table className="admin-table campaign-table">
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Raised</th>
                  <th scope="col">Days</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {campaigns.data.map((campaign) => (
                  <tr key={campaign.id}>
                    <th scope="row" data-label="Campaign">
                      <a href={`/campaigns/${campaign.id}`} target="_blank" rel="noreferrer">
                        {campaign.title}
                      </a>
                      <span className="cell-note">
                        {programOf(campaign.program)}
                        {campaign.status === 'draft' ? ' · Draft' : ''}
                      </span>
                    </th>
                    <td data-label="Raised">
                      {formatRupees(campaign.raised)} of {formatRupees(campaign.goal)}
                      <span className="cell-note">
                        {campaign.donors} donor{campaign.donors === 1 ? '' : 's'}, confirmed gifts only
                      </span>
                    </td>
                    <td data-label="Days">
                      {stateLabels[campaign.state]}
                      <span className="cell-note">
                        {campaign.starts_on} to {campaign.ends_on}
                        {campaign.state !== 'ended' && ` · ${campaign.days_left} left`}
                      </span>
                    </td>
                    <td data-label="Actions" className="donation-actions">
                      <button type="button" className="btn btn-outline" aria-label={`Edit ${campaign.title}`} onClick={() => setEditing({ campaign })}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-outline" aria-label={`Delete ${campaign.title}`} onClick={() => setDeleting(campaign)}>
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminPanel>
      <TotalsPanel />
      {editing && (
        <AdminModal open title={editing.campaign ? 'Edit campaign' : 'Add campaign'} size="large" onClose={() => setEditing(null)}>
          <CampaignForm
            campaign={editing.campaign}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
            onCancel={() => setEditing(null)}
          />
        </AdminModal>
      )}
      {deleting && (
        <ConfirmDialog
          question="Delete this campaign?"
          subject={deleting.title}
          note="A campaign that gifts name stays on record: make it a draft instead."
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
