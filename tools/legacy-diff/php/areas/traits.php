<?php
// One call of a trait class's onCalcDomestic (php/trait-call.php).
require_once __DIR__ . '/../trait-call.php';

function run_case(array $case): float
{
    return trait_call($case);
}
