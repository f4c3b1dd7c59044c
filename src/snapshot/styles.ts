/**
 * The snapshot's own CSS (src/snapshot/paint.ts): the React page's look, from the same design
 * tokens, for the few hundred milliseconds before the app's styles exist, and the page's
 * colours before then (with or without a snapshot). Written at build time into a <style> in
 * index.html's head (scripts/feed-boot-plugin.ts), so it costs the page no JavaScript and no
 * request. Both themes: the
 * colours are custom properties chosen by `html[data-theme]`, which public/theme-boot.js sets
 * before the first paint (in the build, from the start of the boot script). Class names start with `snap-`, so nothing here reaches the app.
 */
import { darkTheme, lightTheme, mediaUp, type AppTheme } from '../theme/tokens.ts';

function colours(theme: AppTheme): string {
  const c = theme.color;
  return [
    `--snap-bg:${c.bg}`,
    `--snap-surface:${c.surface}`,
    `--snap-muted:${c.surfaceMuted}`,
    `--snap-text:${c.text}`,
    `--snap-text-muted:${c.textMuted}`,
    `--snap-border:${c.border}`,
    `--snap-border-strong:${c.borderStrong}`,
    `--snap-accent:${c.accent}`,
    `--snap-on-accent:${c.onAccent}`,
    `--snap-soft-bg:${c.accentSoft.bg}`,
    `--snap-soft-text:${c.accentSoft.text}`,
    `--snap-shadow:${theme.shadow.card}`,
  ].join(';');
}

export function snapshotCss(): string {
  const t = lightTheme;
  const s = t.space;
  const f = t.font;
  return `
html{${colours(lightTheme)};background:var(--snap-bg);color:var(--snap-text)}
html[data-theme='dark']{${colours(darkTheme)}}
.snap,.snap *,.snap *::before,.snap *::after{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--snap-bg);color:var(--snap-text);font-family:${f.body};font-size:${f.size.md};line-height:${f.lineHeight.body};-webkit-font-smoothing:antialiased}
/* No specificity: the classes below set their own margins. */
:where(.snap) :where(h1,h2,h3,p){margin:0}
.snap-layout{width:100%;max-width:${t.layout.maxWidth};margin:0 auto;padding-inline:${s(4)}}
${mediaUp.sm}{.snap-layout{padding-inline:${s(6)}}}
${mediaUp.lg}{.snap-layout{padding-inline:${s(8)}}}
.snap-header{border-bottom:1px solid var(--snap-border);background:var(--snap-surface)}
.snap-bar{display:flex;align-items:center;gap:${s(3)};padding-block:${s(4)}}
${mediaUp.md}{.snap-bar{padding-block:${s(5)}}}
.snap-mark{display:none;width:44px;height:44px;border-radius:${t.radius.md};background:var(--snap-accent)}
${mediaUp.sm}{.snap-mark{display:inline-flex}}
.snap-titles{display:flex;flex:1;flex-direction:column;min-width:0}
.snap-title{font-family:${f.heading};font-size:${f.size.xl};font-weight:${f.weight.bold};letter-spacing:-0.01em;line-height:${f.lineHeight.tight}}
${mediaUp.md}{.snap-title{font-size:${f.size.xxl}}}
.snap-tagline{color:var(--snap-text-muted);font-size:${f.size.sm}}
.snap-toggle{display:inline-block;width:40px;height:40px}
.snap-toolbar{display:grid;gap:${s(3)};margin-block:${s(6)}}
.snap-controls{display:flex;flex-wrap:wrap;gap:${s(3)};align-items:center}
.snap-controls>:first-child{flex:1 1 100%}
${mediaUp.md}{.snap-controls>:first-child{flex:1 1 320px}}
.snap-search{display:flex;align-items:center;min-height:44px;padding-left:${s(10)};border:1px solid var(--snap-border-strong);border-radius:${t.radius.md};background:var(--snap-surface);color:var(--snap-text-muted)}
.snap-button{display:inline-flex;align-items:center;gap:${s(2)};min-height:40px;padding:0 ${s(4)};border:1px solid var(--snap-border-strong);border-radius:${t.radius.md};background:var(--snap-surface);font-size:${f.size.sm};font-weight:${f.weight.medium};white-space:nowrap}
.snap-button::before,.snap-button::after{content:'';display:inline-block;width:16px}
.snap-saved{padding:0 ${s(3.5)}}
.snap-saved::after{content:'0';width:auto}
.snap-main{padding-bottom:${s(16)}}
.snap-stack{display:flex;flex-direction:column;gap:${s(10)}}
.snap-heading{display:flex;align-items:center;gap:${s(3)};margin-bottom:${s(4)};padding-top:${s(3)};border-top:3px solid var(--snap-text);font-family:${f.heading};font-size:${f.size.xl};font-weight:${f.weight.bold};line-height:${f.lineHeight.tight}}
.snap-grid{display:grid;grid-template-columns:minmax(0,1fr);gap:${s(5)};margin:0;padding:0;list-style:none}
${mediaUp.md}{.snap-grid-top{grid-template-columns:repeat(3,minmax(0,1fr))}}
${mediaUp.sm}{.snap-grid-more{grid-template-columns:repeat(2,minmax(0,1fr))}}
${mediaUp.lg}{.snap-grid-more{grid-template-columns:repeat(4,minmax(0,1fr))}}
.snap-card{display:flex;flex-direction:column;height:100%;overflow:hidden;border:1px solid var(--snap-border);border-radius:${t.radius.lg};background:var(--snap-surface);box-shadow:var(--snap-shadow)}
.snap-image{position:relative;aspect-ratio:16/9;overflow:hidden;background:var(--snap-muted)}
.snap-image img{position:absolute;inset:0;display:block;width:100%;height:100%;object-fit:cover}
.snap-body{display:flex;flex:1;flex-direction:column;gap:${s(2)};padding:${s(3)} ${s(4)} ${s(1)}}
.snap-large .snap-body{padding:${s(4)} ${s(5)} ${s(2)}}
.snap-meta{display:flex;flex-wrap:wrap;align-items:center;gap:${s(1)} ${s(2.5)};color:var(--snap-text-muted);font-size:${f.size.xs}}
.snap-source{max-width:100%;overflow:hidden;padding:${s(0.5)} ${s(2)};border-radius:${t.radius.pill};background:var(--snap-muted);color:var(--snap-text);font-weight:${f.weight.bold};letter-spacing:0.02em;text-overflow:ellipsis;text-transform:uppercase;white-space:nowrap}
.snap-new{padding:${s(0.5)} ${s(2)};border-radius:${t.radius.pill};background:var(--snap-soft-bg);color:var(--snap-soft-text);font-weight:${f.weight.bold};letter-spacing:0.02em}
.snap-card h3{font-family:${f.heading};font-weight:${f.weight.bold};line-height:${f.lineHeight.tight};overflow-wrap:anywhere;text-wrap:balance;font-size:${f.size.lg}}
.snap-large h3{font-size:${f.size.xl}}
.snap-summary{display:-webkit-box;overflow:hidden;color:var(--snap-text-muted);font-size:${f.size.sm};overflow-wrap:anywhere;-webkit-box-orient:vertical;-webkit-line-clamp:3;line-clamp:3}
.snap-large .snap-summary{-webkit-line-clamp:4;line-clamp:4}
.snap-footer{display:flex;align-items:center;justify-content:space-between;gap:${s(2)};margin-top:auto;padding-top:${s(1)}}
.snap-link{display:inline-flex;align-items:center;min-height:40px;color:var(--snap-accent);font-size:${f.size.sm};font-weight:${f.weight.bold};text-decoration:none}
.snap-actions{display:flex;gap:${s(0.5)};margin-left:auto;margin-right:-${s(2)}}
.snap-action{display:inline-block;width:40px;height:40px}
#root[data-behind-snapshot]{position:absolute;top:0;left:0;width:100%;visibility:hidden}
html[data-stale-snapshot] #snapshot{display:none}
`;
}
