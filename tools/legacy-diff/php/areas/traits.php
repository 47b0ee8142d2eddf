<?php
// One trait class's onCalcDomestic(turn, var, value), as the general's chain calls it.
use function sammo\{buildGeneralSpecialDomesticClass, buildGeneralSpecialWarClass, buildNationTypeClass, buildPersonalityClass};

function run_case(array $case): float
{
    $trait = match ($case['kind']) {
        'nation' => buildNationTypeClass($case['key']),
        'domestic' => buildGeneralSpecialDomesticClass($case['key']),
        'war' => buildGeneralSpecialWarClass($case['key']),
        'personality' => buildPersonalityClass($case['key']),
    };
    return (float)$trait->onCalcDomestic($case['turn'], $case['var'], $case['value']);
}
