import type { ImportStatus, ImportView } from '@plenty/contracts/imports';
import { FormattedMessage } from 'react-intl';
import { Badge, type BadgeTone } from '../../../ui/badge/badge';

const TONES: Record<ImportStatus, BadgeTone> = {
  importing: 'warning',
  finished: 'success',
  undoing: 'warning',
  undone: 'neutral',
};

/** An import's status in words: importing, imported, being undone, undone. */
export function ImportStatusBadge({ status }: { readonly status: ImportView['status'] }) {
  return (
    <Badge tone={TONES[status]} testId="import-status" data={{ status }}>
      <FormattedMessage id={`import.status.${status}`} />
    </Badge>
  );
}
