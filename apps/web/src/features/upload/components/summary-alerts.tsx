import { Alert } from '../../../components/ui/alert';
import { submissionTexts as t, uploadTexts } from '../texts';
import { perFileReason } from '../upload-rules';
import type { UploadSummary } from '../use-resumable-upload';
import { LiveRegion, SuccessNote } from './live-note';

/**
 * What became of an upload's files: how many arrived, which were there already, which were refused and
 * why. The count of those that arrived is said in a live region that is there before any upload ended
 * (`summary` null: nothing to say yet), so a screen reader announces it when it comes.
 */
export function SummaryAlerts({
  summary,
  approvedFirst,
}: {
  summary: UploadSummary | null;
  approvedFirst: boolean;
}) {
  return (
    <>
      <LiveRegion testId="upload-success">
        {summary && summary.accepted > 0 ? (
          <SuccessNote>
            {uploadTexts.success.replace('{n}', String(summary.accepted))}
            {approvedFirst ? ` ${t.afterApproval}` : null}
          </SuccessNote>
        ) : null}
      </LiveRegion>
      {summary && summary.duplicates.length > 0 ? (
        <Alert tone="info" title={t.duplicatesTitle}>
          <ul className="list-disc space-y-0.5 pl-4" data-testid="duplicates">
            {summary.duplicates.map((name, i) => (
              <li key={`${name}-${i}`} className="font-medium break-all">
                {name}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {summary && summary.refused.length > 0 ? (
        <Alert tone="error" title={t.refusedTitle}>
          <ul className="list-disc space-y-0.5 pl-4" data-testid="refused">
            {summary.refused.map((item, i) => (
              <li key={`${item.name}-${i}`}>
                <span className="font-medium break-all">{item.name}</span>: {perFileReason(item.reason)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}
