// Reads PowerShell scripts with the tree-sitter PowerShell grammar and prints every syntax error;
// exits 1 when there is one. scripts/check-ps1.sh runs it beside its node_modules (PowerShell itself does not run on the
// machines CI has: docs/testing.md).
import { Parser, Language } from 'web-tree-sitter';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
await Parser.init();
const grammar = path.join(here, 'node_modules', 'tree-sitter-powershell', 'tree-sitter-powershell.wasm');
const parser = new Parser();
parser.setLanguage(await Language.load(grammar));
let errors = 0;
for (const file of process.argv.slice(2)) {
  const walk = (node) => {
    if (node.isError || node.isMissing) {
      errors++;
      const at = `${file}:${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
      console.log(`${at}: ${node.isMissing ? 'missing' : 'syntax error at'} ${JSON.stringify(node.text.slice(0, 60))}`);
    }
    for (const child of node.children) walk(child);
  };
  walk(parser.parse(fs.readFileSync(file, 'utf8')).rootNode);
}
process.exit(errors ? 1 : 0);
