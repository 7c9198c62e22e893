// The runner protocol of `horserace check`, for a JavaScript engine (Node, no dependencies):
// JSON lines on stdin/stdout.
//
// Nothing to change here: a game's adapter (dominoes.js, cards.js, horse_fever.js) calls
// serve(implementation, games, replay) with its own replay(caseMessage) -> array of observations.
// Print nothing else on stdout (it is the protocol channel); debug output goes to stderr.
'use strict';

const readline = require('readline');

const PROTOCOL = 1;

// The rules refuse this step's action: reported as {"error": why}; the state is unchanged.
class Refused extends Error {}
// This case needs something the engine does not do yet: the case is reported as skipped.
class NotSupported extends Error {}

// One observation per input step; {"action": "observe"} only reports the state.
function replaySteps(engine, steps) {
  const observations = [];
  for (const step of steps) {
    if (step.action !== 'observe') {
      try {
        engine.apply(step);
      } catch (why) {
        if (!(why instanceof Refused)) throw why;
        observations.push({ error: why.message || 'refused' });
        continue;
      }
    }
    observations.push(engine.observe());
  }
  return observations;
}

function replyTo(message, implementation, games, replay) {
  if (message.type === 'hello') {
    // Announce only the games, kinds and option values you implement: the runner skips every
    // other case without sending it.
    return { type: 'hello', protocol: PROTOCOL, implementation, games };
  }
  if (message.type === 'case') {
    const seq = message.seq;
    try {
      return { type: 'result', seq, steps: replay(message) };
    } catch (err) {
      if (err instanceof NotSupported) return { type: 'skipped', seq, reason: err.message };
      // a bug in the engine: the runner reports the case as errored
      return { type: 'errored', seq, message: `${err.name}: ${err.message}` };
    }
  }
  return { type: 'errored', seq: message.seq || 0, message: `unknown message type ${JSON.stringify(message.type)}` };
}

function serve(implementation, games, replay) {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    const message = JSON.parse(line);
    if (message.type === 'bye') {
      lines.close();
      process.exit(0); // writes to a pipe are synchronous on POSIX: every answer is out
    }
    process.stdout.write(JSON.stringify(replyTo(message, implementation, games, replay)) + '\n');
  });
}

module.exports = { Refused, NotSupported, replaySteps, serve };
