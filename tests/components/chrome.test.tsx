// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { Layout } from '../../src/ui/Layout.tsx';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { SkipLink } from '../../src/ui/SkipLink.tsx';
import { renderWithTheme } from './render.tsx';

test('the page header is a banner with the h1 title, the tagline and the actions', () => {
  renderWithTheme(
    <PageHeader title="Newsroom" tagline="Stay informed with the latest news" actions={<button>Act</button>} />,
  );
  const banner = screen.getByRole('banner');
  expect(banner).toContainElement(screen.getByRole('heading', { level: 1, name: 'Newsroom' }));
  expect(banner).toContainElement(screen.getByText('Stay informed with the latest news'));
  expect(banner).toContainElement(screen.getByRole('button', { name: 'Act' }));
});

test('the skip link is the first stop and points at #stories', async () => {
  const user = userEvent.setup();
  renderWithTheme(
    <>
      <SkipLink />
      <button>Later control</button>
    </>,
  );
  await user.tab();
  const link = screen.getByRole('link', { name: 'Skip to stories' });
  expect(link).toHaveFocus();
  expect(link).toHaveAttribute('href', '#stories');
});

test('the layout renders its children', () => {
  renderWithTheme(
    <Layout>
      <p>Inside</p>
    </Layout>,
  );
  expect(screen.getByText('Inside')).toBeInTheDocument();
});
