'use strict';
// The journeys' order as jest chooses it, except the logs check (journeys/logs.e2e.ts): it runs last, once the
// other journeys have left their lines in the platform's log files.
const Sequencer = require('@jest/test-sequencer').default;

const isLogsCheck = (test) => test.path.endsWith('logs.e2e.ts');

class LogsLastSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !isLogsCheck(test)), ...sorted.filter(isLogsCheck)];
  }
}

module.exports = LogsLastSequencer;
