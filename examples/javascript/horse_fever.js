// Starter adapter for Horse Fever (family game), in JavaScript (Node, no dependencies).
//
//     horserace check --impl "node examples/javascript/horse_fever.js" --game horse_fever
//
// It speaks the protocol (protocol.js) and answers `odds` cases (the new-odds rule applied to a
// ranking) from a stub engine that does not apply the rule, so every case fails until you plug
// in your engine: replace StubOdds (or make replay() call your own code), then announce more
// kinds in GAMES as you implement them (odds, race, round, game: see the README's tables).
'use strict';

const { Refused, replaySteps, serve } = require('./protocol');

const IMPLEMENTATION = { name: 'my-horse-fever', version: '0.0.1', language: 'javascript' };
const GAMES = { horse_fever: { kinds: ['odds'] } };

// PLUG YOUR ENGINE IN HERE. setup: {odds: {colour: N for 1:N}, ranking: [colours]}; the step
// `new_odds` moves each horse's odds by its place in the ranking.
class StubOdds {
  constructor(setup) {
    this.odds = { ...(setup.odds || {}) };
    this.phase = 'stub: no phase yet';
  }

  apply(step) {
    if (step.action !== 'new_odds') throw new Refused(`the stub only knows new_odds, not ${JSON.stringify(step.action)}`);
  }

  observe() {
    return { phase: this.phase, odds: { ...this.odds } };
  }
}

function replay(caseMessage) {
  return replaySteps(new StubOdds(caseMessage.input.setup), caseMessage.input.steps);
}

serve(IMPLEMENTATION, GAMES, replay);
