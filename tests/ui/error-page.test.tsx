// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ErrorPage } from '../../src/app/ErrorPage.tsx';

it('names an unexpected failure, shows its message and offers a way home', () => {
  render(<ErrorPage error={new Error('Route loader exploded')} reset={() => {}} />);
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('Route loader exploded')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
