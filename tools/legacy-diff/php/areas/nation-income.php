<?php
// onCalcNationalIncome of a nation type as func_time_event.php / ProcessSemiAnnual use it:
// gold and rice rounded by Util::round, the population ratio as it comes.
use sammo\Util;
use function sammo\buildNationTypeClass;

function run_case(array $case): int|float
{
    $value = buildNationTypeClass($case['type'])->onCalcNationalIncome($case['kind'], $case['amount']);
    return $case['kind'] === 'pop' ? $value : Util::round($value);
}
