// A medical certificate's (or a staff qualification's) state as a coloured badge with its Italian label: green
// valid, orange expiring, red expired, red outline missing, grey not required. Shared by the athlete list, the
// person page and the eligibility page, so one state always looks the same.
import { Badge } from '@chakra-ui/react';
import { CERTIFICATE_STATE_LABELS, type CertificateState } from '../../../../schema/medical-certificates';

const LOOK: Record<CertificateState, { colorPalette: string; variant: 'subtle' | 'outline' }> = {
  valid: { colorPalette: 'green', variant: 'subtle' },
  expiring: { colorPalette: 'orange', variant: 'subtle' },
  expired: { colorPalette: 'red', variant: 'subtle' },
  missing: { colorPalette: 'red', variant: 'outline' },
  notRequired: { colorPalette: 'gray', variant: 'subtle' },
};

export function CertificateBadge({ state, size = 'md' }: { state: CertificateState; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge {...LOOK[state]} size={size} whiteSpace="nowrap">
      {CERTIFICATE_STATE_LABELS[state]}
    </Badge>
  );
}
