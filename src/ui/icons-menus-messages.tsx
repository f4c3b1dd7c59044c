/**
 * The icons of the menus (share targets, copy link) and of the messages (toasts, the empty
 * state): only the page's later part and the story's page show them, so they stay apart
 * from icons.tsx and out of the first render's bundle.
 */
import { Icon, type IconProps } from './icons.tsx';

/** The X mark, the share target the menu names Twitter. */
export function TwitterIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={1.75}>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M4 20l6.6-7M20 4l-6.4 6.8" />
    </Icon>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Icon>
  );
}

export function LinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </Icon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </Icon>
  );
}

export function SearchOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5M8.5 8.5l5 5M13.5 8.5l-5 5" />
    </Icon>
  );
}
