<?php
// What the AI areas share: the fixtures on a fresh legacy database, and the answer of a
// chosen command — its key and argument as legacy's getArg() has it. With LEGACY_AI_REASON
// set, the legacy's reason (which do… chose it) goes to stderr case by case, for reading a
// mismatch.
require_once __DIR__ . '/fixtures.php';
require_once __DIR__ . '/plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

sammo\legacy_db_create();

/** Runs one AI case: its table seed and rows, then `$choose` in the case's transaction. */
function ai_case(array $case, callable $choose): array
{
    static $index = 0;
    $caseIndex = $index++;
    return sammo\legacy_db_case(function () use ($case, $choose, $caseIndex) {
        sammo\UniqueConst::$hiddenSeed = $case['tableSeed'];
        fixture_insert($case);
        [$cmd, $more] = $choose(sammo\General::createObjFromDB($case['generals'][0]['id']));
        if (getenv('LEGACY_AI_REASON')) fwrite(STDERR, sprintf("reason %d: %s\n", $caseIndex, $cmd->reason));
        return ['command' => $cmd->getRawClassName(), 'arg' => $cmd->getArg() ?: null] + $more;
    });
}
