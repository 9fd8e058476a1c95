/**
 * A multi-step input with Back: each step asks one question through the `UserInput`, keeps its answer in
 * the shared state (so going back, or coming back after the panel refused something, shows it again), and
 * can be re-opened with a `problem` naming what the panel said about the fields it owns (a 422's
 * `error.fields`). Used by Create User and Create Users in Batch; meant for Create Node too.
 */
import { isBack, type Back, type StepPosition } from './userInput';

/** What a step's question ended with: go on, go back, or the user dismissed the input. */
export type StepOutcome = 'next' | Back | undefined;

export interface WizardStep<S> {
  /** The request fields this step answers (e.g. `node_ids`): a field error for one of them re-opens it. */
  readonly fields: readonly string[];
  /** Asks the step's question, pre-filled from `state`, and stores the answer in it. */
  ask(state: S, position: StepPosition, problem: string | undefined): Promise<StepOutcome>;
}

/** Field errors mapped to the steps that own them: step index -> the message to show there. */
export type StepProblems = ReadonlyMap<number, string>;

/**
 * Runs the steps in order; Back goes to the previous step with its answer kept. With `problems` (after the
 * panel refused the answers), only the steps at fault are asked again, in order, each showing its problem;
 * Back from one of them continues as an ordinary walk through the steps. True when every step was answered.
 */
export async function runWizard<S>(steps: readonly WizardStep<S>[], state: S, problems: StepProblems = new Map()): Promise<boolean> {
  const toFix = [...problems.keys()].filter((index) => index >= 0 && index < steps.length).sort((a, b) => a - b);
  let fixing = toFix.length > 0;
  let index = fixing ? toFix[0] : 0;
  while (index < steps.length) {
    const outcome = await steps[index].ask(state, { step: index + 1, totalSteps: steps.length }, fixing ? problems.get(index) : undefined);
    if (outcome === undefined) return false;
    if (isBack(outcome)) {
      fixing = false;
      index = Math.max(0, index - 1);
      continue;
    }
    index = fixing ? toFix.find((candidate) => candidate > index) ?? steps.length : index + 1;
  }
  return true;
}

/**
 * Which step each field error belongs to. A field is matched by name, then by its last segment
 * (`items[2].label` -> `label`); errors no step owns go to the first step, so none is lost.
 */
export function problemsByStep<S>(steps: readonly WizardStep<S>[], fields: Readonly<Record<string, string>>): Map<number, string> {
  const problems = new Map<number, string[]>();
  for (const [field, message] of Object.entries(fields)) {
    const bare = field.replace(/^.*[.\]]/, '');
    let owner = steps.findIndex((step) => step.fields.includes(field));
    if (owner < 0) owner = steps.findIndex((step) => step.fields.includes(bare));
    const at = owner < 0 ? 0 : owner;
    const text = owner < 0 ? `${field}: ${String(message)}` : String(message);
    const known = problems.get(at) ?? [];
    if (!known.includes(text)) problems.set(at, [...known, text]); // a batch repeats one message per item
  }
  return new Map([...problems].map(([index, messages]) => [index, messages.join('; ')]));
}
