// The multi-step input runner: Back keeps answers, a refused field re-opens only its step with the
// panel's message, and field names like items[2].label find the step that owns "label".
import * as assert from 'node:assert/strict';
import { BACK } from '../../../src/prompts/userInput';
import { problemsByStep, runWizard, type StepOutcome, type WizardStep } from '../../../src/prompts/wizard';

interface State { a: string; b: string; c: string }

/** Steps answered from a script; each call is recorded as `name@step[problem]` with the value it was pre-filled with. */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- a step's outcome, or the answer a step is given
function scripted(script: (StepOutcome | string)[], asked: string[]): WizardStep<State>[] {
  const step = (name: keyof State, fields: string[]): WizardStep<State> => ({
    fields,
    async ask(state, position, problem) {
      asked.push(`${name}@${position.step}/${position.totalSteps}${problem ? `[${problem}]` : ''}=${state[name]}`);
      const answer = script.shift();
      if (typeof answer === 'string' && answer !== 'next') { state[name] = answer; return 'next'; }
      return answer;
    },
  });
  return [step('a', ['label']), step('b', ['type']), step('c', ['node_ids'])];
}

describe('wizard runner', () => {
  it('walks the steps in order and Back re-asks the previous one with its answer kept', async () => {
    const asked: string[] = [];
    const state = { a: '', b: '', c: '' };
    const done = await runWizard(scripted(['x', 'y', BACK, 'y2', 'z'], asked), state);
    assert.equal(done, true);
    assert.deepEqual(state, { a: 'x', b: 'y2', c: 'z' });
    assert.deepEqual(asked, ['a@1/3=', 'b@2/3=', 'c@3/3=', 'b@2/3=y', 'c@3/3=']);
  });

  it('stops when a step is dismissed', async () => {
    const asked: string[] = [];
    assert.equal(await runWizard(scripted(['x', undefined], asked), { a: '', b: '', c: '' }), false);
    assert.equal(asked.length, 2);
  });

  it('with problems, asks only the steps at fault, each showing its message', async () => {
    const asked: string[] = [];
    const state = { a: 'x', b: 'y', c: '' };
    const done = await runWizard(scripted(['a2', 'c2'], asked), state, new Map([[2, 'pick a node'], [0, 'too long']]));
    assert.equal(done, true);
    assert.deepEqual(asked, ['a@1/3[too long]=x', 'c@3/3[pick a node]=']);
    assert.deepEqual(state, { a: 'a2', b: 'y', c: 'c2' });
  });

  it('Back from a step at fault walks the steps as usual', async () => {
    const asked: string[] = [];
    const done = await runWizard(scripted([BACK, 'y2', 'z'], asked), { a: 'x', b: 'y', c: '' }, new Map([[2, 'pick a node']]));
    assert.equal(done, true);
    assert.deepEqual(asked, ['c@3/3[pick a node]=', 'b@2/3=y', 'c@3/3=']);
  });

  it('maps field errors to the step owning the field, by name or last segment; unknown ones go to the first step', () => {
    const steps = scripted([], []);
    const problems = problemsByStep(steps, { node_ids: 'at least one node', 'items[2].label': 'required', mystery: 'odd' });
    assert.equal(problems.get(2), 'at least one node');
    assert.equal(problems.get(0), 'required; mystery: odd');
    assert.equal(problems.has(1), false);
    assert.equal(problemsByStep(steps, { 'items[0].node_ids': 'at least one', 'items[1].node_ids': 'at least one' }).get(2), 'at least one', 'a message repeated per item is said once');
  });
});
