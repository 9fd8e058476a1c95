import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHAT_TOOL_NAMES } from '../../../src/commands/lazy/chatToolNames';

interface ToolContribution {
  name: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
  modelDescription?: string;
  inputSchema?: { type?: string; properties?: Record<string, { description?: string }> };
}

describe('chat tools in package.json', () => {
  const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { languageModelTools: ToolContribution[] } };
  const tools = manifest.contributes.languageModelTools;

  it('contributes exactly the tools the extension registers, in the same order', () => {
    assert.deepEqual(tools.map((tool) => tool.name), [...CHAT_TOOL_NAMES]);
  });

  it('describes each tool and each input for the model, and lets a prompt reference it by a unique #name', () => {
    for (const tool of tools) {
      assert.match(tool.name, /^[a-z]+(_[a-z]+)+$/, 'verb_noun');
      assert.ok((tool.modelDescription ?? '').length > 80, `${tool.name}: a precise modelDescription`);
      assert.equal(tool.canBeReferencedInPrompt, true, tool.name);
      assert.match(tool.toolReferenceName ?? '', /^[a-zA-Z]+$/, tool.name);
      assert.equal(tool.inputSchema?.type, 'object', tool.name);
      for (const [name, property] of Object.entries(tool.inputSchema?.properties ?? {})) assert.ok(property.description, `${tool.name}.${name}`);
    }
    assert.equal(new Set(tools.map((tool) => tool.toolReferenceName)).size, tools.length);
  });
});
