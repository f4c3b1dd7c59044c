import { InfoIcon } from '../ui/icons.tsx';
import { Notice } from '../ui/Notice.tsx';

export const DEMO_NOTICE_TEXT =
  'Currently showing demo content. The live news feed will be available once API access is configured.';

export function DemoNotice() {
  return (
    <Notice role="status">
      <InfoIcon size={18} />
      <p>{DEMO_NOTICE_TEXT}</p>
    </Notice>
  );
}
