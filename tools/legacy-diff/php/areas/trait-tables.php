<?php
// Every variable of one trait class on one turn type, as src/areas.ts `trait-tables` walks
// them: each at two values (success/fail as probabilities), 징병/모병 once per arm.
require_once __DIR__ . '/../trait-call.php';

function grid_values(string $var): array
{
    return ($var === 'success' || $var === 'fail') ? [0.5, 0.37] : [100, 37];
}

function run_case(array $case): array
{
    $arms = in_array($case['turn'], ['징병', '모병'], true) ? [1, 2, 3, 4, 5] : [null];
    $out = [];
    foreach ($case['vars'] as $var) {
        foreach ($arms as $arm) {
            foreach (grid_values($var) as $value) {
                $call = ['kind' => $case['kind'], 'key' => $case['key'], 'turn' => $case['turn'], 'var' => $var, 'value' => $value];
                if ($arm !== null) {
                    $call['armType'] = $arm;
                }
                $out[] = trait_call($call);
            }
        }
    }
    return $out;
}
