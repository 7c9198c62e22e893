// Starter adapter for Horse Race dominoes, in JavaScript (Node, no dependencies).
//
//     horserace check --impl "node examples/javascript/dominoes.js" --game dominoes
//
// It speaks the protocol (protocol.js) and answers `layout` cases from a stub engine that only
// remembers which tiles were placed, so every case fails until you plug in your engine: replace
// StubLayout (or make replay() call your own code), then announce more kinds in GAMES as you
// implement them (layout, settlement, match, perft: see the README's dominoes tables).
'use strict';

const { Refused, replaySteps, serve } = require('./protocol');

const IMPLEMENTATION = { name: 'my-dominoes', version: '0.0.1', language: 'javascript' };
// Kinds you answer; options: {continuation: ['compulsory', 'optional']} once you offer more than
// the default reading of an interpretation (docs/interpretations.md).
const GAMES = { dominoes: { kinds: ['layout'] } };

// PLUG YOUR ENGINE IN HERE. A table with no players: `place T` opens, `place T at POINT` joins
// T to an attachment point (`1|4 high`, `4|4 line_b`). The stub refuses nothing and computes
// nothing but the list of tiles.
class StubLayout {
  constructor(setup) {
    this.tiles = [];
  }

  apply(step) {
    const words = step.action.split(/\s+/);
    if (words[0] !== 'place') throw new Refused(`the stub only places tiles, not ${JSON.stringify(step.action)}`);
    this.tiles.push(words[1]);
  }

  observe() {
    // Every key of the layout kind; the runner compares only the case's `observe` keys.
    return { tiles: [...this.tiles], branching_doubles: [], connections: [], attachment_points: [],
             counted: [], end_sum: 0, points: { raw: 0, displayed: 0 } };
  }
}

// caseMessage: {id, game, kind, options, input: {setup, steps}, observe}
function replay(caseMessage) {
  return replaySteps(new StubLayout(caseMessage.input.setup), caseMessage.input.steps);
}

serve(IMPLEMENTATION, GAMES, replay);
