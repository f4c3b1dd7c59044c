import styled from 'styled-components';
import { newSinceText } from '../domain/new-since.ts';
import { theme } from '../theme/tokens.ts';

const Text = styled.p`
  margin-bottom: ${theme.space(6)};
  color: ${theme.color.textMuted};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
`;

/** "{N} new since your last visit", shown near the top when N >= 1 (docs/product.md#stored-in-the-browser). */
export function NewSinceNotice({ count }: { count: number }) {
  if (count < 1) return null;
  return <Text>{newSinceText(count)}</Text>;
}
