// Starter adapter for Horse Race cards, in JavaScript (Node, no dependencies).
//
//     horserace check --impl "node examples/javascript/cards.js" --game cards
//
// It speaks the protocol (protocol.js) and answers `layout` cases from a stub engine that counts
// the track cards per suit and leaves the rest empty, so every case fails until you plug in your
// engine: replace StubTrack (or make replay() call your own code), then announce more kinds in
// GAMES as you implement them (layout, odds, race, session: see the README's card tables).
'use strict';

const { NotSupported, Refused, replaySteps, serve } = require('./protocol');

const IMPLEMENTATION = { name: 'my-cards', version: '0.0.1', language: 'javascript' };
const GAMES = { cards: { kinds: ['layout'] } };
const SUITS = ['S', 'H', 'D', 'C'];

// PLUG YOUR ENGINE IN HERE. A `lay` step carries its chance input: lay: {track: [7 cards],
// deck: [...]} or {shuffle: [48 cards]}; a card is rank + suit (`10D`, `KS`).
class StubTrack {
  constructor(setup) {
    this.track = [];
  }

  apply(step) {
    if (step.action !== 'lay') throw new Refused(`the stub only lays tracks, not ${JSON.stringify(step.action)}`);
    if (!step.lay.track) throw new NotSupported('the stub lays only explicit tracks, not shuffles');
    this.track = [...step.lay.track];
  }

  observe() {
    const counts = {};
    for (const suit of SUITS) counts[suit] = this.track.filter((card) => card.endsWith(suit)).length;
    return { track: [...this.track], track_counts: counts, available: {}, must_relay: null, relay_suit: null, odds: {} };
  }
}

function replay(caseMessage) {
  return replaySteps(new StubTrack(caseMessage.input.setup), caseMessage.input.steps);
}

serve(IMPLEMENTATION, GAMES, replay);
