import styled from 'styled-components';
import { visuallyHidden } from '../theme/mixins.ts';
import { MoonIcon, SunIcon } from '../ui/icons.tsx';

/** The light theme's face; the dark theme's takes its place under `<html data-theme="dark">`. */
const ForLight = styled.span`
  display: contents;

  html[data-theme='dark'] & {
    display: none;
  }
`;

const ForDark = styled.span`
  display: none;

  html[data-theme='dark'] & {
    display: contents;
  }
`;

const Name = styled.span`
  ${visuallyHidden}
`;

/**
 * The theme toggle's icon and name for both themes, the document's theme choosing which shows
 * (docs/product.md#the-page-before-its-scripts): the same markup in either theme, so the HTML's
 * frame shows the stored theme's toggle from its first paint (theme-boot sets `data-theme`
 * before it), and React takes it over as it is. A face hidden by `display: none` is no part of
 * the button's name.
 */
export function ThemeToggleFace() {
  return (
    <>
      <ForLight>
        <MoonIcon />
        <Name>Switch to dark theme</Name>
      </ForLight>
      <ForDark>
        <SunIcon />
        <Name>Switch to light theme</Name>
      </ForDark>
    </>
  );
}
