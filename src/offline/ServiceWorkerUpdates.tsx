/**
 * The service worker, registered as this mounts (the app mounts it once the page has loaded, in
 * production builds only), and the new version a later deploy installs: "A new version is
 * available" with "Reload" (docs/deploy.md#offline-and-updates). In the first render, not the
 * later part: a new version found waiting as the page registers is taken at once, which is the
 * visitor's own reload only right after the page has loaded. Floats at the bottom of the
 * viewport, so that nothing on the page moves.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { reloadPage } from '../browser/on-demand.ts';
import { floatingBar, floatingRegion } from '../theme/floating.ts';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { RefreshIcon } from '../ui/icons.tsx';
import { registerServiceWorker } from './service-worker-registration.ts';

export const NEW_VERSION_TEXT = 'A new version is available';

const Region = styled.div`
  ${floatingRegion}
  bottom: ${({ theme }) => theme.space(3)};
`;

const Bar = styled.div`
  ${floatingBar}
`;

export function ServiceWorkerUpdates() {
  // What "Reload" calls while a new version waits; null while none does.
  const [accept, setAccept] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker(navigator, { offer: (take) => setAccept(() => take), reload: reloadPage }), []);
  return (
    <Region role="status">
      {accept && (
        <Bar>
          <span>{NEW_VERSION_TEXT}</span>
          <PlainButton variant="primary" onClick={accept}>
            <RefreshIcon size={16} />
            Reload
          </PlainButton>
        </Bar>
      )}
    </Region>
  );
}
