import type { ErrorComponentProps } from '@tanstack/react-router';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';

const Page = styled.main`
  display: grid;
  gap: ${theme.space(4)};
  max-width: 640px;
  margin: 0 auto;
  padding: ${theme.space(16)} ${theme.space(6)};

  h1 {
    font-family: ${theme.font.heading};
    font-size: ${theme.font.size.xxl};
  }

  pre {
    overflow-x: auto;
    padding: ${theme.space(4)};
    border-radius: ${theme.radius.md};
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
    white-space: pre-wrap;
  }

  a {
    color: ${theme.color.accent};
    font-weight: ${theme.font.weight.bold};
  }

  a:focus-visible {
    ${focusRing}
  }
`;

/** The root route's error component: an unexpected failure while routing or rendering. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Page>
      <h1>Unexpected Application Error!</h1>
      <pre>{message}</pre>
      {/* A full page load, not a client-side navigation: the app's state may be what broke. */}
      <p>
        <a href="/">Return to Home</a>
      </p>
    </Page>
  );
}
