import { Alert } from '../../../components/ui/alert';
import { submissionTexts as t, uploadTexts } from '../texts';
import type { UploadSummary } from '../use-resumable-upload';

/** What became of an upload's files: how many arrived, which were there already, which were refused and why. */
export function SummaryAlerts({
  summary,
  approvedFirst,
}: {
  summary: UploadSummary;
  approvedFirst: boolean;
}) {
  return (
    <>
      {summary.accepted > 0 ? (
        <Alert tone="success">
          {uploadTexts.success.replace('{n}', String(summary.accepted))}
          {approvedFirst ? ` ${t.afterApproval}` : null}
        </Alert>
      ) : null}
      {summary.duplicates.length > 0 ? (
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
      {summary.refused.length > 0 ? (
        <Alert tone="error" title={t.refusedTitle}>
          <ul className="list-disc space-y-0.5 pl-4" data-testid="refused">
            {summary.refused.map((item, i) => (
              <li key={`${item.name}-${i}`}>
                <span className="font-medium break-all">{item.name}</span>: {item.reason}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}
