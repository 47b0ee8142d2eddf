// The tests that pin the battle: libs/sammo's war specs and the golden cases (200 battles).
module.exports = require('./jest.sammo.cjs')('war', ['war/{war,war-items,triggers,units}.spec.ts']);
