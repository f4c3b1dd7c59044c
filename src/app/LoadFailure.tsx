/**
 * What shows when part of the page cannot load (docs/product.md#when-the-page-cannot-load): the
 * page header and a message with a "Reload" button, never a blank page. A part removed by a
 * deploy has reloaded the page once by itself first (src/browser/on-demand.ts), so that a
 * visitor whose page predates the deploy heals without noticing.
 */
import { Component, useEffect, type ReactNode } from 'react';
import { tellBoot } from '../browser/takeover.ts';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { StateMessage } from '../ui/StateMessage.tsx';
import { PRODUCT_TITLE, TAGLINE } from '../domain/title.ts';

export const LOAD_FAILED_MESSAGE = 'The page could not load. Check your connection, then reload.';

export function LoadFailure() {
  // The app says it itself: index.html's own notice of a page that did not load steps aside.
  useEffect(() => tellBoot('app.shown'), []);
  return (
    <>
      <PageHeader title={PRODUCT_TITLE} tagline={TAGLINE} actions={null} />
      <main>
        <StateMessage role="alert">
          <p>{LOAD_FAILED_MESSAGE}</p>
          <PlainButton variant="primary" onClick={() => window.location.reload()}>
            Reload
          </PlainButton>
        </StateMessage>
      </main>
    </>
  );
}

/** Any error below it (a lazy part that failed to load, above all) shows LoadFailure. */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailure /> : this.props.children;
  }
}
