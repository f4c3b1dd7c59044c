// A Stryker ignorer (stryker.config.mjs, `ignorers: ['styles']`): no mutants inside
// styled-components' CSS (`styled.div`…``, `styled(X)`…``, `css`, `keyframes`, `createGlobalStyle`).
// A test in jsdom computes no layout or colour, so such a mutant could only be "killed" by a test
// that reads the CSS text back; what the styles do is checked by the screenshots and the contrast
// tests (docs/testing.md#what-is-not-mutated).
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const STYLE_TAGS = new Set(['css', 'keyframes', 'createGlobalStyle']);

/** The identifier a tag starts from: `styled` in `styled.div`, `styled(X).attrs(…)`. */
function rootName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression') return rootName(node.object);
  if (node.type === 'CallExpression') return rootName(node.callee);
  return undefined;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'styles', {
    shouldIgnore(path) {
      if (path.node.type !== 'TaggedTemplateExpression') return undefined;
      const name = rootName(path.node.tag);
      return name === 'styled' || STYLE_TAGS.has(name) ? 'CSS of styled-components: jsdom lays nothing out (docs/testing.md#what-is-not-mutated)' : undefined;
    },
  }),
];
