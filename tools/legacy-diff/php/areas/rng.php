<?php
// A stream seeded with Util::simpleSerialize(...$case['seed']) and a list of RandUtil calls.
use sammo\{LiteHashDRBG, RandUtil, Util};

function run_case(array $case): array
{
    $rng = new RandUtil(new LiteHashDRBG(Util::simpleSerialize(...$case['seed'])));
    $out = [];
    foreach ($case['ops'] as [$op, $args]) {
        $out[] = match ($op) {
            'nextFloat1' => $rng->nextFloat1(),
            'nextInt' => $rng->nextInt($args[0]),
            'nextRange' => $rng->nextRange($args[0], $args[1]),
            'nextRangeInt' => $rng->nextRangeInt($args[0], $args[1]),
            'nextBool' => $rng->nextBool($args[0]),
            'shuffle' => $rng->shuffle($args[0]),
            'choice' => $rng->choice($args[0]),
            'choiceUsingWeight' => $rng->choiceUsingWeightPair($args[0]),
        };
    }
    return $out;
}
