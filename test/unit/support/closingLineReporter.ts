// Mocha's spec reporter plus one closing line in the plain form CI reads: "unit: N passed, N failed, N skipped".
import Mocha from 'mocha';

class ClosingLineReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const stats = runner.stats;
      if (stats) console.log(`unit: ${stats.passes} passed, ${stats.failures} failed, ${stats.pending} skipped`);
    });
  }
}

export = ClosingLineReporter;
